// Storekeeper console: the one script, loaded from the console itself (no inline script). It only
// prevents a second submission of a form while the first is on its way; every page works without it.
document.addEventListener("submit", function (event) {
  var form = event.target;
  if (form.dataset.submitted === "1") { event.preventDefault(); return; }
  form.dataset.submitted = "1";
  form.setAttribute("aria-busy", "true");
  var buttons = form.querySelectorAll("button[type=submit]");
  for (var i = 0; i < buttons.length; i++) { buttons[i].disabled = true; }
});
// A page restored from the back-forward cache gets its buttons back.
window.addEventListener("pageshow", function () {
  var forms = document.querySelectorAll("form[data-submitted]");
  for (var i = 0; i < forms.length; i++) {
    delete forms[i].dataset.submitted;
    forms[i].removeAttribute("aria-busy");
    var buttons = forms[i].querySelectorAll("button[type=submit]");
    for (var j = 0; j < buttons.length; j++) { buttons[j].disabled = false; }
  }
});
