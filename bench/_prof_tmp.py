import os, time, cProfile, pstats
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
import django; django.setup()
from django.conf import settings
from django.test import Client
from django.db import connection, reset_queries
from tournament.models import Event
settings.ALLOWED_HOSTS = ["*"]
event = Event.objects.get(name="Bench Load Swiss")
c = Client()
for url in (f"/events/{event.slug}/stages/1/standings/", f"/events/{event.slug}/"):
    for i in range(3): c.get(url)
    ts = []
    for i in range(10):
        t = time.process_time(); r = c.get(url); ts.append(time.process_time()-t)
    print(url, "warm cpu ms", sorted(round(x*1000,1) for x in ts), len(r.content))
    settings.DEBUG = True; reset_queries(); c.get(url); print("queries", len(connection.queries)); 
    for q in connection.queries: print("  ", q["time"], q["sql"][:120])
    settings.DEBUG = False
    pr = cProfile.Profile(); pr.enable()
    for i in range(5): c.get(url)
    pr.disable()
    pstats.Stats(pr).sort_stats("tottime").print_stats(18)
