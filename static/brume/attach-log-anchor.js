// A scoresheet's QR code opens the match page at #attach-log: open the first game's "Attach the
// game's log" form (#attach-log-<game number> opens that game's) and bring it into view.
function openAttachForm() {
  const hash = window.location.hash;
  if (!hash.startsWith("#attach-log")) return;
  const form = hash === "#attach-log"
    ? document.querySelector('details[id^="attach-log-"]')
    : document.getElementById(hash.slice(1));
  if (!form || form.tagName !== "DETAILS") return;
  form.open = true;
  form.scrollIntoView({ block: "start" });
}
openAttachForm();
window.addEventListener("hashchange", openAttachForm);
