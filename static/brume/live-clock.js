// The clocks of a live game count down here from the server's numbers (the server keeps the
// real time and ends the game when a flag falls; this only shows it between refreshes).
(function () {
  // The page's language (Django's JavaScript catalogue, loaded by the layout); English without it.
  function gettext(text) { return window.gettext ? window.gettext(text) : text; }
  function text(seconds) {
    seconds = Math.max(0, Math.floor(seconds));
    var days = Math.floor(seconds / 86400), hours = Math.floor(seconds % 86400 / 3600);
    var minutes = Math.floor(seconds % 3600 / 60), rest = seconds % 60;
    if (days) return gettext("%(days)s d %(hours)s h").replace("%(days)s", days).replace("%(hours)s", hours);
    var mm = (hours ? String(minutes).padStart(2, "0") : String(minutes)) + ":" + String(rest).padStart(2, "0");
    return hours ? hours + ":" + mm : mm;
  }
  function tick() {
    document.querySelectorAll("time[data-clock-seconds]").forEach(function (clock) {
      if (!clock.dataset.until) {
        clock.dataset.until = String(Date.now() + Number(clock.dataset.clockSeconds) * 1000);
      }
      var left = clock.dataset.running === "true"
        ? (Number(clock.dataset.until) - Date.now()) / 1000
        : Number(clock.dataset.clockSeconds);
      clock.textContent = text(left);
      clock.classList.toggle("low", left < 20 && clock.dataset.running === "true");
    });
  }
  tick();
  setInterval(tick, 250);
  document.addEventListener("htmx:afterSwap", tick);
})();
