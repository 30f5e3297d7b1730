// Seeds: drag the participants into order, or move one up or down with its buttons (the
// keyboard way); the hidden "order" field follows, and "Save the seeds" sends it.
(function () {
  "use strict";

  function setUp(list) {
    var field = document.getElementById("seed-order");
    var dragged = null;

    function sync() {
      var ids = [];
      list.querySelectorAll("li[data-id]").forEach(function (item) { ids.push(item.dataset.id); });
      field.value = ids.join(",");
    }

    list.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button) return;
      var item = button.closest("li");
      if (button.classList.contains("seed-up") && item.previousElementSibling) {
        list.insertBefore(item, item.previousElementSibling);
      } else if (button.classList.contains("seed-down") && item.nextElementSibling) {
        list.insertBefore(item.nextElementSibling, item);
      } else {
        return;
      }
      sync();
      button.focus();
    });

    list.addEventListener("dragstart", function (event) {
      dragged = event.target.closest("li");
      if (!dragged) return;
      dragged.classList.add("dragging");
      event.dataTransfer.effectAllowed = "move";
      event.dataTransfer.setData("text/plain", dragged.dataset.id);
    });
    list.addEventListener("dragover", function (event) {
      var over = event.target.closest("li");
      if (!dragged || !over || over === dragged) return;
      event.preventDefault();
      var box = over.getBoundingClientRect();
      var after = event.clientY > box.top + box.height / 2;
      list.insertBefore(dragged, after ? over.nextElementSibling : over);
    });
    list.addEventListener("drop", function (event) { event.preventDefault(); });
    list.addEventListener("dragend", function () {
      if (dragged) dragged.classList.remove("dragging");
      dragged = null;
      sync();
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var list = document.getElementById("seed-list");
    if (list) setUp(list);
  });
})();
