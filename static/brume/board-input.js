// Playing by clicking the board (issue 16). The page carries the seat's gestures as JSON
// (<script type="application/json" id="live-gestures">): each names a move, the board targets to
// click in order (their data-target ids) and, where moves share their clicks, a picker label.
// This script highlights the next targets, plays the one move the clicks complete through the
// notation form (the server checks it as if it were typed), or shows a picker of those left.
// Keyboard: arrows move among the highlighted targets, Enter or Space picks, Esc starts over.
(function () {
  "use strict";

  var BIG_PICKER = 12; // more choices than this, in several groups: pick the group first

  function samePrefix(path, clicks) {
    if (path.length < clicks.length) return false;
    for (var i = 0; i < clicks.length; i++) if (path[i] !== clicks[i]) return false;
    return true;
  }

  function centre(element) {
    var box = element.getBoundingClientRect();
    return {x: box.left + box.width / 2, y: box.top + box.height / 2};
  }

  function button(label, className, onClick) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    if (className) b.className = className;
    b.addEventListener("click", onClick);
    return b;
  }

  function BoardInput(data, root) {
    this.gestures = JSON.parse(data.textContent);
    this.root = root;
    this.board = root.querySelector("figure.board");
    this.picker = root.querySelector("#move-picker");
    this.buttons = root.querySelector("#move-buttons");
    this.hint = root.querySelector("#move-hint");
    this.input = root.querySelector("#live-move");
    this.clicks = [];
    this.focused = null;
    this.sent = false;
    if (!this.board || !this.input) return;
    this.targets = Array.prototype.slice.call(this.board.querySelectorAll("[data-target]"));
    var self = this;
    this.board.addEventListener("click", function (event) { self.onClick(event); });
    this.board.addEventListener("keydown", function (event) { self.onKey(event); });
    this.root.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && !event.target.closest("input, textarea, select")) self.reset();
    });
    this.showButtons();
    this.render();
  }

  BoardInput.prototype.candidates = function () {
    var clicks = this.clicks;
    return this.gestures.filter(function (g) { return g.path.length > 0 && samePrefix(g.path, clicks); });
  };

  BoardInput.prototype.render = function () {
    var clicks = this.clicks, next = {}, chosen = {};
    this.candidates().forEach(function (g) {
      if (g.path.length > clicks.length) next[g.path[clicks.length]] = true;
    });
    clicks.forEach(function (id) { chosen[id] = true; });
    this.targets.forEach(function (element) {
      var id = element.getAttribute("data-target");
      element.classList.toggle("is-candidate", !!next[id]);
      element.classList.toggle("is-chosen", !!chosen[id]);
      element.classList.remove("is-focused");
      if (next[id]) {
        element.setAttribute("tabindex", "0");
        element.setAttribute("role", "button");
      } else {
        element.removeAttribute("tabindex");
        element.removeAttribute("role");
      }
    });
    this.focused = null;
    this.say(clicks.length ? "Selected " + clicks.map(this.labelOf, this).join(", ") + ". Esc starts over." : "");
  };

  BoardInput.prototype.labelOf = function (id) {
    var element = this.board.querySelector('[data-target="' + id + '"]');
    if (!element) return id;
    var title = element.querySelector("title");
    return element.getAttribute("aria-label") || (title && title.textContent) || id;
  };

  BoardInput.prototype.say = function (text) {
    if (this.hint) this.hint.textContent = text || "Click or tap the board to play (arrow keys and Enter work too; Esc starts over).";
  };

  BoardInput.prototype.elementFor = function (event) {
    var element = event.target.closest ? event.target.closest("[data-target]") : null;
    return element && this.board.contains(element) ? element : null;
  };

  BoardInput.prototype.onClick = function (event) {
    var element = this.elementFor(event);
    if (!element || this.sent) return;
    this.choose(element.getAttribute("data-target"));
  };

  BoardInput.prototype.choose = function (id) {
    var clicks = this.clicks.concat([id]);
    var follows = this.gestures.filter(function (g) { return g.path.length > 0 && samePrefix(g.path, clicks); });
    if (!follows.length) {
      // Not a next target: start over from this one when it begins a move, else just start over.
      var restart = this.clicks.length > 0;
      this.clicks = [];
      this.closePicker();
      if (restart && this.gestures.some(function (g) { return g.path[0] === id; })) return this.choose(id);
      return this.render();
    }
    this.clicks = clicks;
    var done = follows.filter(function (g) { return g.path.length === clicks.length; });
    var longer = follows.length - done.length;
    this.render();
    if (done.length === 1 && !longer) return this.play(done[0].move);
    if (done.length) this.showPicker(done);
    else this.closePicker();
    var first = this.board.querySelector(".is-candidate");
    if (first && document.activeElement && this.board.contains(document.activeElement)) this.focus(first);
  };

  BoardInput.prototype.play = function (move) {
    var form = this.input.form;
    this.sent = true;
    this.input.value = move;
    this.say("Playing " + move + "…");
    this.closePicker();
    if (form.requestSubmit) form.requestSubmit();
    else form.submit();
  };

  BoardInput.prototype.reset = function () {
    this.clicks = [];
    this.closePicker();
    this.render();
  };

  BoardInput.prototype.closePicker = function () {
    if (!this.picker) return;
    this.picker.hidden = true;
    this.picker.textContent = "";
  };

  BoardInput.prototype.showPicker = function (gestures, onlyGroup) {
    var self = this, picker = this.picker;
    if (!picker) return;
    picker.textContent = "";
    var groups = [], byGroup = {};
    gestures.forEach(function (g) {
      if (!(g.group in byGroup)) { byGroup[g.group] = []; groups.push(g.group); }
      byGroup[g.group].push(g);
    });
    var heading = document.createElement("p");
    heading.className = "move-picker-title";
    picker.appendChild(heading);
    if (onlyGroup === undefined && groups.length > 1 && gestures.length > BIG_PICKER) {
      heading.textContent = "Which one?";
      var list = document.createElement("div");
      list.className = "move-picker-choices";
      groups.forEach(function (group) {
        list.appendChild(button(group || "Other", "", function () { self.showPicker(gestures, group); }));
      });
      picker.appendChild(list);
    } else {
      heading.textContent = "Choose your move";
      groups.forEach(function (group) {
        if (onlyGroup !== undefined && group !== onlyGroup) return;
        var section = document.createElement("div");
        section.className = "move-picker-group";
        if (group) {
          var title = document.createElement("p");
          title.className = "move-picker-heading";
          title.textContent = group;
          section.appendChild(title);
        }
        var list = document.createElement("div");
        list.className = "move-picker-choices";
        byGroup[group].forEach(function (g) {
          list.appendChild(button(g.choice || g.move, "", function () { self.play(g.move); }));
        });
        section.appendChild(list);
        picker.appendChild(section);
      });
      if (onlyGroup !== undefined) {
        picker.appendChild(button("Back", "linklike", function () { self.showPicker(gestures); }));
      }
    }
    picker.appendChild(button("Cancel", "linklike", function () { self.reset(); }));
    picker.hidden = false;
    var firstButton = picker.querySelector("button");
    if (firstButton) firstButton.focus({preventScroll: true});
  };

  BoardInput.prototype.showButtons = function () {
    var self = this;
    if (!this.buttons) return;
    this.buttons.textContent = "";
    this.gestures.forEach(function (g) {
      if (g.path.length === 0) {
        self.buttons.appendChild(button(g.choice || g.move, "", function () { if (!self.sent) self.play(g.move); }));
      }
    });
  };

  BoardInput.prototype.focus = function (element) {
    if (this.focused) this.focused.classList.remove("is-focused");
    this.focused = element;
    element.classList.add("is-focused");
    element.focus({preventScroll: true});
  };

  BoardInput.prototype.onKey = function (event) {
    var element = this.elementFor(event);
    var key = event.key;
    if (key === "Enter" || key === " ") {
      if (element && element.classList.contains("is-candidate")) {
        event.preventDefault();
        this.choose(element.getAttribute("data-target"));
      }
      return;
    }
    var step = {ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0]}[key];
    if (!step) return;
    event.preventDefault();
    var candidates = Array.prototype.slice.call(this.board.querySelectorAll(".is-candidate"));
    if (!candidates.length) return;
    if (!element || candidates.indexOf(element) < 0) return this.focus(candidates[0]);
    var from = centre(element), best = null, bestScore = Infinity;
    candidates.forEach(function (other) {
      if (other === element) return;
      var to = centre(other), dx = to.x - from.x, dy = to.y - from.y;
      var along = dx * step[0] + dy * step[1];
      if (along <= 1) return; // not in that direction
      var across = Math.abs(dx * step[1]) + Math.abs(dy * step[0]);
      var score = along + 2 * across;
      if (score < bestScore) { bestScore = score; best = other; }
    });
    if (best) this.focus(best);
  };

  function init() {
    var data = document.getElementById("live-gestures");
    if (!data || data.dataset.ready) return;
    data.dataset.ready = "1";
    var root = data.closest("#live-board") || document;
    new BoardInput(data, root);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
  document.addEventListener("htmx:afterSettle", init);
})();
