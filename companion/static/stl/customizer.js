/* The customizer: every change of a parameter asks the server for the model's checks and
   thumbnail, then reloads the 3D view and the download link; stale answers are dropped. */
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", () => {
    const form = document.getElementById("stl-form");
    if (!form) return;
    const thumb = document.getElementById("stl-thumb");
    const findings = document.getElementById("stl-findings");
    const stats = document.getElementById("stl-stats");
    const download = document.getElementById("stl-download");
    const canvas = document.getElementById("stl-view");
    let timer = null, asked = 0;

    function escape(text) {
      const d = document.createElement("div");
      d.textContent = text;
      return d.innerHTML;
    }

    function render(report) {
      findings.innerHTML = '<ul class="findings" data-testid="findings">' + report.findings.map((f) =>
        `<li class="finding ${f.ok ? "ok" : f.blocking === false ? "warn" : "bad"}" data-code="${escape(f.code)}">${f.ok ? "✓" : "✗"} ${escape(f.message)}</li>`).join("") + "</ul>";
      stats.textContent = `${report.triangles} triangles · ${report.size_mm.map((v) => v.toFixed(1)).join(" x ")} mm`;
    }

    function update() {
      const query = new URLSearchParams(new FormData(form)).toString();
      const mine = ++asked;
      form.dataset.state = "loading";
      fetch(form.dataset.preview + "?" + query, { credentials: "same-origin" })
        .then((r) => r.json().then((body) => ({ ok: r.ok, body })))
        .then(({ ok, body }) => {
          if (mine !== asked) return;
          form.querySelectorAll("[data-error-for]").forEach((el) => { el.textContent = (body.errors || {})[el.dataset.errorFor] || ""; });
          if (!ok) { form.dataset.state = "invalid"; return; }
          thumb.src = body.thumbnail;
          render(body.report);
          download.href = body.stl_url;
          history.replaceState(null, "", "?" + query);
          if (canvas && canvas.musterViewer) canvas.musterViewer.load(body.stl_url + "&inline=1");
          form.dataset.state = "ready";
        })
        .catch(() => { form.dataset.state = "error"; });
    }

    // A setting that shapes only some kinds (a tank's turret) shows while its kind is chosen.
    function showWhen() {
      form.querySelectorAll("[data-when]").forEach((box) => {
        const chosen = form.elements[box.dataset.when];
        box.hidden = !!chosen && !box.dataset.whenValues.split(" ").includes(chosen.value);
      });
    }

    function changed(e) {
      const el = e.target;
      showWhen();
      if (el.dataset.for) document.getElementById(el.dataset.for).value = el.value;
      else if (el.type === "number") {
        const range = form.querySelector(`[data-for="${el.id}"]`);
        if (range) range.value = el.value;
      }
      clearTimeout(timer);
      timer = setTimeout(update, 250);
    }
    form.addEventListener("input", changed);
    form.addEventListener("change", changed);
    form.addEventListener("submit", (e) => { e.preventDefault(); update(); });
  });
})();
