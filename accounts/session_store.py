"""The session store: Django's database sessions, each read with SQL compiled once per process.

Every signed-in request reads its session row; building that query cost the ORM more CPU than
the database takes to answer it (bench/live_move.py, the page's move). The row is read by its
key alone (``config.kept_queries``) and its expiry checked here, which is what Django's
``expire_date__gt=now`` condition says; everything else is Django's store
(``SESSION_ENGINE = "accounts.session_store"``).
"""

from __future__ import annotations

from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.utils import timezone

from config.kept_queries import KeptQuery

_SESSION_BY_KEY = KeptQuery(lambda session_key: Session.objects.filter(session_key=session_key))


class SessionStore(db.SessionStore):
    def _get_session_from_db(self):
        if self.get_model_class() is not Session:  # a subclass with its own model: Django's query
            return super()._get_session_from_db()
        session = _SESSION_BY_KEY.first(self.session_key) if self.session_key else None
        if session is None or session.expire_date <= timezone.now():
            self._session_key = None
            return None
        return session
