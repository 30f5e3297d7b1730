// Optional sounds on a live game page (off until the viewer turns them on; the choice is kept in
// this browser). A soft click when a move lands, two rising notes when it becomes your move, a
// low chord when the game ends. Made with the Web Audio API: no sound files, nothing fetched.
(function () {
  "use strict";
  var KEY = "brume.sounds";
  // The page's language (Django's JavaScript catalogue, loaded by the layout); English without it.
  function gettext(text) { return window.gettext ? window.gettext(text) : text; }
  var context = null;
  var last = null;

  function enabled() {
    try { return window.localStorage.getItem(KEY) === "on"; } catch (error) { return false; }
  }

  function audio() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    if (!context) context = new Context();
    if (context.state === "suspended") context.resume();
    return context;
  }

  function tone(frequency, start, length, volume) {
    var ctx = audio();
    if (!ctx) return;
    var at = ctx.currentTime + start;
    var oscillator = ctx.createOscillator();
    var gain = ctx.createGain();
    oscillator.frequency.value = frequency;
    oscillator.type = "sine";
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(volume, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(at);
    oscillator.stop(at + length + 0.02);
  }

  var SOUNDS = {
    move: function () { tone(660, 0, 0.08, 0.15); },
    turn: function () { tone(523, 0, 0.12, 0.2); tone(784, 0.12, 0.18, 0.2); },
    over: function () { tone(392, 0, 0.5, 0.15); tone(494, 0, 0.5, 0.12); tone(587, 0, 0.5, 0.1); },
  };

  function state() {
    var root = document.getElementById("live-board");
    var element = root && root.querySelector("[data-live-version]");
    if (!element) return null;
    return {
      version: Number(element.dataset.liveVersion),
      status: element.dataset.liveStatus,
      mine: !!root.querySelector(".live-status strong"),
    };
  }

  function which(before, after) {
    if (!before || !after || after.version <= before.version) return null;
    if (after.status !== "playing" && before.status === "playing") return "over";
    if (after.mine && !before.mine) return "turn";
    return "move";
  }

  function onSettle(event) {
    if (!event.target || event.target.id !== "live-board") return;
    var now = state();
    var sound = which(last, now);
    last = now;
    if (sound && enabled()) {
      SOUNDS[sound]();
      document.body.dataset.lastSound = sound; // for tests and the curious
    }
  }

  function init() {
    var toggle = document.getElementById("live-sounds");
    last = state();
    if (!toggle) return;
    function show() {
      var on = enabled();
      toggle.setAttribute("aria-pressed", on ? "true" : "false");
      toggle.textContent = on ? gettext("Sounds on") : gettext("Sounds off");
    }
    toggle.hidden = false;
    show();
    toggle.addEventListener("click", function () {
      try { window.localStorage.setItem(KEY, enabled() ? "off" : "on"); } catch (error) { return; }
      if (enabled()) { audio(); SOUNDS.move(); } // the click allows the page to play sound
      show();
    });
  }

  document.addEventListener("htmx:afterSettle", onSettle);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
