// Filters by status and tag: a script is shown when it matches both chosen values ("" = all).
// A link may choose them: report.html#status=failed&tag=smoke.
(function () {
  var chosen = { status: "", tag: "" };
  var scripts = Array.prototype.slice.call(document.querySelectorAll("details.script"));
  var shown = document.getElementById("shown");
  function apply() {
    var count = 0;
    scripts.forEach(function (script) {
      var tags = (script.getAttribute("data-tags") || "").split(" ");
      var visible = (chosen.status === "" || script.getAttribute("data-status") === chosen.status) &&
        (chosen.tag === "" || tags.indexOf(chosen.tag) >= 0);
      script.hidden = !visible;
      if (visible) { count += 1; }
    });
    shown.textContent = count + " of " + scripts.length + " scripts shown";
  }
  var buttons = Array.prototype.slice.call(document.querySelectorAll("button.filter"));
  function choose(button) {
    var kind = button.getAttribute("data-filter");
    chosen[kind] = button.getAttribute("data-value");
    buttons.forEach(function (other) {
      if (other.getAttribute("data-filter") === kind) { other.classList.toggle("active", other === button); }
    });
    apply();
  }
  buttons.forEach(function (button) {
    button.addEventListener("click", function () { choose(button); });
  });
  location.hash.replace(/^#/, "").split("&").forEach(function (pair) {
    var parts = pair.split("=");
    var value;
    try { value = decodeURIComponent(parts[1] || ""); } catch (error) { return; }
    buttons.forEach(function (button) {
      if (button.getAttribute("data-filter") === parts[0] && button.getAttribute("data-value") === value) { choose(button); }
    });
  });
  apply();
}());
