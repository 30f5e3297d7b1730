"""Writes of the tournament app, as ``<entity>_<action>(*, keyword_only)`` functions.

Each service checks permissions and rules, changes rows inside one transaction, and enqueues
background work after commit. Views, API views and tasks all go through these functions.
"""
