"""Notifications: what happened in an event or a game, told to the people it concerns, in the site
(a bell and a page) and by email (one digest per person), each person choosing per kind.

Receivers (``receivers.py``) listen to the tournament and games signals, compose each person's
text (``compose.py``) and hand it to ``services.notify``; nothing else in the site calls us.
"""
