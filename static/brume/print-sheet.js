// A sheet's "Print" button opens the browser's print dialogue (no inline script: the CSP).
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-print]")) window.print();
});
