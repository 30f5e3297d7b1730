import os, time, cProfile, pstats
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
import django; django.setup()
from django.conf import settings
from django.test import Client
from ranking import cache
from tournament.models import Event
settings.ALLOWED_HOSTS = ["*"]
event = Event.objects.get(name="Bench Load Swiss")
c = Client()
for url in (f"/events/{event.slug}/stages/1/standings/", f"/events/{event.slug}/"):
    c.get(url)
    for i in range(2):
        cache._bump(event.pk); t = time.process_time(); c.get(url); print(url, "cold cpu", round(time.process_time()-t, 3))
    cache._bump(event.pk)
    pr = cProfile.Profile(); pr.enable(); c.get(url); pr.disable()
    st = pstats.Stats(pr); st.sort_stats("cumulative").print_stats(40)
