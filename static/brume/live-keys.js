// Arrow keys step back and forth through a live game: they follow the matching link.
document.addEventListener("keydown", function (event) {
  if (event.target.closest("input, textarea, select")) return;
  var name = {ArrowLeft: "previous", ArrowRight: "next", End: "end"}[event.key];
  var link = name && document.querySelector('#live-board [data-step="' + name + '"]');
  if (link) { event.preventDefault(); link.click(); }
});
