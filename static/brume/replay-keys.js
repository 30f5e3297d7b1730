// Arrow keys step through a record's replay: they press the matching button.
document.addEventListener("keydown", function (event) {
  if (event.target.closest("input, textarea, select")) return;
  var name = {ArrowLeft: "previous", ArrowRight: "next", Home: "start", End: "end"}[event.key];
  var button = name && document.querySelector('#replay [data-step="' + name + '"]');
  if (button && !button.disabled) { event.preventDefault(); button.click(); }
});
