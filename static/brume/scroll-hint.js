// Wide tables and brackets scroll sideways on a narrow screen. While one overflows, a line above
// it says so ("Scroll sideways for more"), and it takes the keyboard focus so that arrow keys
// scroll it. Runs on load, on resize and after every htmx swap. (No inline script: the CSP.)
(function () {
  var SELECTOR = "main table, main .bracket";
  // The page's language (Django's JavaScript catalogue, loaded by the layout); English without it.
  function gettext(text) { return window.gettext ? window.gettext(text) : text; }

  function hintFor(box) {
    var hint = box.previousElementSibling;
    if (hint && hint.classList.contains("scroll-hint")) return hint;
    hint = document.createElement("p");
    hint.className = "scroll-hint";
    hint.setAttribute("aria-hidden", "true"); // screen readers read the whole table anyway
    hint.hidden = true;
    box.parentNode.insertBefore(hint, box);
    return hint;
  }

  function update(box) {
    var overflowing = box.scrollWidth > box.clientWidth + 1;
    var hint = hintFor(box);
    var atEnd = box.scrollLeft + box.clientWidth >= box.scrollWidth - 1;
    hint.textContent = atEnd && box.scrollLeft > 0 ? gettext("← Scroll sideways for the start") : gettext("Scroll sideways for more →");
    hint.hidden = !overflowing;
    if (overflowing) {
      box.dataset.overflowing = "true";
      if (!box.hasAttribute("tabindex")) box.setAttribute("tabindex", "0");
    } else {
      delete box.dataset.overflowing;
    }
  }

  function updateAll() {
    document.querySelectorAll(SELECTOR).forEach(function (box) {
      update(box);
      if (!box.dataset.scrollWatched) {
        box.dataset.scrollWatched = "true";
        box.addEventListener("scroll", function () { update(box); }, {passive: true});
      }
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", updateAll);
  else updateAll();
  window.addEventListener("resize", updateAll);
  document.addEventListener("htmx:afterSettle", updateAll);
})();
