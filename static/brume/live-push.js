// Live push (docs/live-play-push.md): the board is fetched again when the game moves.
// The event stream says only {version, status}; the board itself comes from the page's own
// htmx request, drawn for this viewer. Without EventSource, or when the server refuses a
// stream, the page asks again every 10 seconds.
(function () {
  "use strict";
  var POLL_MS = 10000;
  var poller = null;

  function board() {
    return document.getElementById("live-board");
  }

  function shown() {
    var root = board();
    var element = root && root.querySelector("[data-live-version]");
    if (!element) return null;
    return { version: Number(element.dataset.liveVersion), status: element.dataset.liveStatus };
  }

  function refresh() {
    document.body.dispatchEvent(new CustomEvent("brume:live-moved", { bubbles: true }));
  }

  function poll() {
    if (poller) return;
    poller = setInterval(function () {
      var now = shown();
      if (!now || now.status !== "playing") {
        clearInterval(poller);
        poller = null;
        return;
      }
      refresh();
    }, POLL_MS);
  }

  function start() {
    var root = board();
    var now = shown();
    if (!root || !root.dataset.liveEvents || !now || now.status !== "playing") return;
    if (!window.EventSource) {
      poll();
      return;
    }
    var source = new EventSource(root.dataset.liveEvents + "?version=" + now.version);
    source.onopen = function () {
      document.documentElement.dataset.liveStream = "open"; // for whoever waits on it (the tests)
    };
    source.onmessage = function (message) {
      var data;
      try {
        data = JSON.parse(message.data);
      } catch (error) {
        return;
      }
      var current = shown();
      if (!current || data.version > current.version || (data.status !== "playing" && current.status === "playing")) {
        refresh();
      }
      if (data.status !== "playing") source.close();
    };
    source.onerror = function () {
      // CONNECTING: the browser reconnects by itself (and says which version it has).
      // CLOSED: the server refused the stream (too many, or the game is over): poll.
      if (source.readyState === EventSource.CLOSED) poll();
    };
  }

  // A refresh that brings the very board already shown, or an older one, is not swapped in: the
  // page may have got it, or a newer one, meanwhile from its own move's answer (a refresh asked
  // for before that answer can come back after it, drawn at the version before the AI's reply),
  // and swapping would wipe the clicks of a move being made or show a board gone by.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var config = event.detail.requestConfig;
    var trigger = config && config.triggeringEvent;
    if (!trigger || trigger.type !== "brume:live-moved") return;
    var now = shown();
    var html = event.detail.serverResponse || "";
    var found = /data-live-version="(\d+)" data-live-status="(\w+)"/.exec(html);
    if (now && found && (Number(found[1]) < now.version || (Number(found[1]) === now.version && found[2] === now.status))) {
      event.detail.shouldSwap = false;
    }
  });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
