"""Live push: tell the pages watching a live game that it moved, without saying how.

An event carries only public facts, the game's version and status (``LiveEvent``); each page
then fetches its own fragment, computed from its viewer's view. Services call ``announce(live)``
after any change of a live game; it is sent once the transaction commits.
"""

from games.push.events import LiveEvent, event_of
from games.push.publish import announce

__all__ = ["LiveEvent", "announce", "event_of"]
