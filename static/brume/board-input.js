// Playing by clicking the board (issue 16). The page carries the seat's gestures as JSON
// (<script type="application/json" id="live-gestures">): each names a move, the board targets to
// click in order (their data-target ids) and, where moves share their clicks, a picker label.
// This script highlights the next targets, plays the one move the clicks complete through the
// notation form (the server checks it as if it were typed), or shows a picker of those left.
// Keyboard: arrows move among the highlighted targets, Enter or Space picks, Esc starts over.
(function () {
  "use strict";

  var BIG_PICKER = 12; // more choices than this, in several groups: pick the group first

  // The page's language: Django's JavaScript catalogue (/jsi18n/<language>/, loaded by the
  // layout); English when it is missing. Named placeholders only: %(name)s.
  function gettext(text) { return window.gettext ? window.gettext(text) : text; }
  function interpolate(format, values) {
    return format.replace(/%\((\w+)\)s/g, function (_, key) { return String(values[key]); });
  }

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

  // Highlight the next targets and the chosen ones; only ``clickable`` ones take the focus.
  function light(targets, next, chosen, clickable) {
    targets.forEach(function (element) {
      var id = element.getAttribute("data-target");
      element.classList.toggle("is-candidate", !!next[id]);
      element.classList.toggle("is-chosen", !!chosen[id]);
      element.classList.remove("is-focused");
      if (clickable[id]) {
        element.setAttribute("tabindex", "0");
        element.setAttribute("role", "button");
      } else {
        element.removeAttribute("tabindex");
        element.removeAttribute("role");
      }
    });
  }

  // Arrow keys move the focus to the nearest highlighted target in that direction.
  function arrowFocus(input, element, event, selector) {
    var step = {ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0]}[event.key];
    if (!step) return false;
    var candidates = Array.prototype.slice.call(input.board.querySelectorAll(selector || ".is-candidate"));
    if (!candidates.length) return true;
    if (!element || candidates.indexOf(element) < 0) {
      input.focus(input.board.querySelector(".is-candidate") || candidates[0]);
      return true;
    }
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
    if (best) input.focus(best);
    return true;
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
    light(this.targets, next, chosen, next);
    this.focused = null;
    this.say(clicks.length ? interpolate(gettext("Selected %(targets)s. Esc starts over."), {targets: clicks.map(this.labelOf, this).join(", ")}) : "");
  };

  BoardInput.prototype.labelOf = function (id) {
    var element = this.board.querySelector('[data-target="' + id + '"]');
    if (!element) return id;
    var title = element.querySelector("title");
    return element.getAttribute("aria-label") || (title && title.textContent) || id;
  };

  BoardInput.prototype.say = function (text) {
    if (this.hint) this.hint.textContent = text || gettext("Click or tap the board to play (arrow keys and Enter work too; Esc starts over).");
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
    this.say(interpolate(gettext("Playing %(move)s…"), {move: move}));
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
      heading.textContent = gettext("Which one?");
      var list = document.createElement("div");
      list.className = "move-picker-choices";
      groups.forEach(function (group) {
        list.appendChild(button(group || gettext("Other"), "", function () { self.showPicker(gestures, group); }));
      });
      picker.appendChild(list);
    } else {
      heading.textContent = gettext("Choose your move");
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
        picker.appendChild(button(gettext("Back"), "linklike", function () { self.showPicker(gestures); }));
      }
    }
    picker.appendChild(button(gettext("Cancel"), "linklike", function () { self.reset(); }));
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
    if (arrowFocus(this, element, event)) event.preventDefault();
  };

  // A move made by placing several pieces (a secret setup, too many moves to list): the page asks
  // for each role's pieces in turn (<script id="live-placement">), marks them on the board, then
  // writes the move from the template and asks for a confirmation before sending it.
  function PlacementInput(data, root) {
    var placement = JSON.parse(data.textContent);
    this.names = placement.names;
    this.template = placement.template;
    this.slots = [];
    var slots = this.slots;
    placement.steps.forEach(function (step) {
      for (var i = 0; i < step.count; i++) {
        slots.push({role: step.role, label: step.label, index: i, count: step.count, targets: step.targets});
      }
    });
    this.root = root;
    this.board = root.querySelector("figure.board");
    this.picker = root.querySelector("#move-picker");
    this.hint = root.querySelector("#move-hint");
    this.input = root.querySelector("#live-move");
    this.picks = [];
    this.focused = null;
    this.sent = false;
    if (!this.board || !this.input) return;
    this.svg = this.board.querySelector("svg");
    this.targets = Array.prototype.slice.call(this.board.querySelectorAll("[data-target]"));
    var self = this;
    this.board.addEventListener("click", function (event) {
      var element = event.target.closest ? event.target.closest("[data-target]") : null;
      if (element && self.board.contains(element) && !self.sent) self.choose(element.getAttribute("data-target"));
    });
    this.board.addEventListener("keydown", function (event) {
      var element = event.target.closest ? event.target.closest("[data-target]") : null;
      if ((event.key === "Enter" || event.key === " ") && element) {
        event.preventDefault();
        self.choose(element.getAttribute("data-target"));
      } else if (arrowFocus(self, element, event, ".is-candidate, .is-chosen")) {
        event.preventDefault();
      }
    });
    this.root.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && !event.target.closest("input, textarea, select")) self.reset();
    });
    this.render();
  }

  PlacementInput.prototype.choose = function (id) {
    var at = this.picks.indexOf(id);
    if (at >= 0) {
      this.picks = this.picks.slice(0, at); // a placed piece clicked again is lifted, with those after it
    } else {
      var slot = this.slots[this.picks.length];
      if (!slot || slot.targets.indexOf(id) < 0) return;
      this.picks.push(id);
    }
    this.render();
    if (this.picks.length === this.slots.length) this.confirm();
  };

  PlacementInput.prototype.move = function () {
    var values = {}, names = this.names;
    this.slots.forEach(function (slot, i) { values[slot.role + slot.index] = names[this.picks[i]]; }, this);
    return this.template.replace(/\{(\w+)\}/g, function (_, key) { return values[key]; });
  };

  PlacementInput.prototype.render = function () {
    var slot = this.slots[this.picks.length], picks = this.picks, next = {}, chosen = {};
    if (slot) slot.targets.forEach(function (id) { if (picks.indexOf(id) < 0) next[id] = true; });
    picks.forEach(function (id) { chosen[id] = true; });
    var clickable = Object.assign({}, next, chosen); // a placed piece is clicked to lift it
    light(this.targets, next, chosen, clickable);
    this.focused = null;
    this.mark();
    if (this.picks.length < this.slots.length) this.closePicker();
    if (!slot) return;
    var placed = this.slots.filter(function (s, i) { return s.role === slot.role && i < picks.length; }).length;
    var text = slot.count > 1
      ? interpolate(gettext("Place %(piece)s (%(placed)s of %(count)s placed): click a highlighted square."),
        {piece: slot.label, placed: placed, count: slot.count})
      : interpolate(gettext("Place %(piece)s: click a highlighted square."), {piece: slot.label});
    if (picks.length) text += " " + gettext("Click a placed piece to lift it; Esc starts over.");
    this.say(text);
  };

  // The letter of each placed piece's role, drawn over its square.
  PlacementInput.prototype.mark = function () {
    if (!this.svg) return;
    Array.prototype.slice.call(this.svg.querySelectorAll(".placement-mark")).forEach(function (m) { m.remove(); });
    this.picks.forEach(function (id, i) {
      var element = this.board.querySelector('[data-target="' + id + '"]');
      if (!element || !element.getBBox) return;
      var box = element.getBBox();
      var mark = document.createElementNS("http://www.w3.org/2000/svg", "text");
      mark.setAttribute("class", "placement-mark");
      mark.setAttribute("x", box.x + box.width / 2);
      mark.setAttribute("y", box.y + box.height / 2);
      mark.setAttribute("text-anchor", "middle");
      mark.setAttribute("dominant-baseline", "central");
      mark.setAttribute("pointer-events", "none");
      mark.textContent = this.slots[i].role;
      this.svg.appendChild(mark);
    }, this);
  };

  PlacementInput.prototype.confirm = function () {
    var self = this, picker = this.picker, move = this.move();
    this.say(interpolate(gettext("Your setup: %(move)s. Play it, or click a placed piece to change it."), {move: move}));
    if (!picker) return;
    picker.textContent = "";
    var heading = document.createElement("p");
    heading.className = "move-picker-title";
    heading.textContent = interpolate(gettext("Your setup: %(move)s"), {move: move});
    picker.appendChild(heading);
    var list = document.createElement("div");
    list.className = "move-picker-choices";
    list.appendChild(button(gettext("Play this setup"), "", function () { self.play(move); }));
    picker.appendChild(list);
    picker.appendChild(button(gettext("Start over"), "linklike", function () { self.reset(); }));
    picker.hidden = false;
    list.querySelector("button").focus({preventScroll: true});
  };

  PlacementInput.prototype.play = BoardInput.prototype.play;
  PlacementInput.prototype.closePicker = BoardInput.prototype.closePicker;
  PlacementInput.prototype.say = BoardInput.prototype.say;
  PlacementInput.prototype.focus = BoardInput.prototype.focus;
  PlacementInput.prototype.reset = function () {
    this.picks = [];
    this.closePicker();
    this.render();
  };

  function init() {
    var data = document.getElementById("live-gestures");
    if (data && !data.dataset.ready) {
      data.dataset.ready = "1";
      new BoardInput(data, data.closest("#live-board") || document);
    }
    var placement = document.getElementById("live-placement");
    if (placement && !placement.dataset.ready) {
      placement.dataset.ready = "1";
      new PlacementInput(placement, placement.closest("#live-board") || document);
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
  document.addEventListener("htmx:afterSettle", init);
})();
