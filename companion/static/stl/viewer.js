/* A small WebGL viewer for STL files (binary or ASCII): drag to turn, wheel or pinch to zoom.
   Hand-written (about 200 lines) rather than vendoring three.js: Muster shows one mesh
   with one light, which needs none of a scene graph. */
(function () {
  "use strict";

  function parse(buffer) {
    const bytes = new Uint8Array(buffer);
    const view = new DataView(buffer);
    if (bytes.length >= 84) {
      const count = view.getUint32(80, true);
      if (84 + count * 50 === bytes.length) {
        const pos = new Float32Array(count * 9);
        for (let i = 0; i < count; i++) {
          const base = 84 + i * 50 + 12;
          for (let k = 0; k < 9; k++) pos[i * 9 + k] = view.getFloat32(base + k * 4, true);
        }
        return pos;
      }
    }
    const text = new TextDecoder().decode(bytes);
    const found = text.match(/vertex\s+\S+\s+\S+\s+\S+/g) || [];
    const pos = new Float32Array(found.length * 3);
    found.forEach((line, i) => {
      const p = line.trim().split(/\s+/);
      pos[i * 3] = +p[1]; pos[i * 3 + 1] = +p[2]; pos[i * 3 + 2] = +p[3];
    });
    return pos;
  }

  function normals(pos) {
    const out = new Float32Array(pos.length);
    for (let i = 0; i < pos.length; i += 9) {
      const ax = pos[i + 3] - pos[i], ay = pos[i + 4] - pos[i + 1], az = pos[i + 5] - pos[i + 2];
      const bx = pos[i + 6] - pos[i], by = pos[i + 7] - pos[i + 1], bz = pos[i + 8] - pos[i + 2];
      let nx = ay * bz - az * by, ny = az * bx - ax * bz, nz = ax * by - ay * bx;
      const l = Math.hypot(nx, ny, nz) || 1;
      nx /= l; ny /= l; nz /= l;
      for (let k = 0; k < 3; k++) { out[i + k * 3] = nx; out[i + k * 3 + 1] = ny; out[i + k * 3 + 2] = nz; }
    }
    return out;
  }

  const VS = `attribute vec3 p; attribute vec3 n; uniform mat4 m; uniform mat3 r; varying float l;
    void main() { vec3 w = normalize(r * n); l = 0.3 + 0.7 * max(dot(w, normalize(vec3(0.4, 0.5, 0.8))), 0.0);
    gl_Position = m * vec4(p, 1.0); }`;
  const FS = `precision mediump float; varying float l;
    void main() { gl_FragColor = vec4(vec3(0.38, 0.48, 0.63) * l + 0.06, 1.0); }`;

  function shader(gl, type, src) {
    const s = gl.createShader(type);
    gl.shaderSource(s, src);
    gl.compileShader(s);
    return s;
  }

  function rotation(yaw, pitch) {
    const cy = Math.cos(yaw), sy = Math.sin(yaw), cp = Math.cos(pitch), sp = Math.sin(pitch);
    // Turn about z (the bed's up), then tilt about x: column-major 3x3.
    return [cy, sy * cp, sy * sp, -sy, cy * cp, cy * sp, 0, -sp, cp];
  }

  function Viewer(canvas) {
    this.canvas = canvas;
    this.yaw = -0.5; this.pitch = -1.0; this.zoom = 1.0; this.count = 0;
    const gl = canvas.getContext("webgl", { antialias: true, preserveDrawingBuffer: true });
    this.gl = gl;
    if (!gl) {
      canvas.dataset.state = "no-webgl";
      const c2 = canvas.getContext("2d");
      if (c2) { c2.font = "14px sans-serif"; c2.fillText("The 3D view needs WebGL.", 12, 24); }
      return;
    }
    const prog = gl.createProgram();
    gl.attachShader(prog, shader(gl, gl.VERTEX_SHADER, VS));
    gl.attachShader(prog, shader(gl, gl.FRAGMENT_SHADER, FS));
    gl.linkProgram(prog);
    gl.useProgram(prog);
    this.prog = prog;
    this.pBuf = gl.createBuffer(); this.nBuf = gl.createBuffer();
    this.bind();
  }

  Viewer.prototype.bind = function () {
    const c = this.canvas; let drag = null; const pts = new Map();
    c.addEventListener("pointerdown", (e) => { c.setPointerCapture(e.pointerId); pts.set(e.pointerId, [e.clientX, e.clientY]); drag = [e.clientX, e.clientY]; });
    c.addEventListener("pointerup", (e) => { pts.delete(e.pointerId); drag = null; });
    c.addEventListener("pointermove", (e) => {
      if (!pts.has(e.pointerId)) return;
      if (pts.size === 2) {
        const [a, b] = [...pts.values()];
        const before = Math.hypot(a[0] - b[0], a[1] - b[1]);
        pts.set(e.pointerId, [e.clientX, e.clientY]);
        const [c1, d1] = [...pts.values()];
        const after = Math.hypot(c1[0] - d1[0], c1[1] - d1[1]);
        if (before > 0) this.zoom = Math.min(5, Math.max(0.3, this.zoom * after / before));
      } else if (drag) {
        this.yaw += (e.clientX - drag[0]) * 0.01;
        this.pitch = Math.min(0, Math.max(-Math.PI, this.pitch + (e.clientY - drag[1]) * 0.01));
        drag = [e.clientX, e.clientY];
        pts.set(e.pointerId, drag);
      }
      this.draw();
    });
    c.addEventListener("wheel", (e) => { e.preventDefault(); this.zoom = Math.min(5, Math.max(0.3, this.zoom * (e.deltaY < 0 ? 1.1 : 0.9))); this.draw(); }, { passive: false });
  };

  Viewer.prototype.load = function (url) {
    if (!this.gl) return Promise.resolve();
    this.canvas.dataset.state = "loading";
    return fetch(url, { credentials: "same-origin" }).then((r) => {
      if (!r.ok) throw new Error(r.status);
      return r.arrayBuffer();
    }).then((buf) => this.show(parse(buf))).catch(() => { this.canvas.dataset.state = "error"; });
  };

  Viewer.prototype.show = function (pos) {
    const gl = this.gl;
    let lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < pos.length; i += 3) for (let k = 0; k < 3; k++) { lo[k] = Math.min(lo[k], pos[i + k]); hi[k] = Math.max(hi[k], pos[i + k]); }
    this.centre = lo.map((v, k) => (v + hi[k]) / 2);
    this.radius = Math.max(1e-6, Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]) / 2);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.pBuf); gl.bufferData(gl.ARRAY_BUFFER, pos, gl.STATIC_DRAW);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.nBuf); gl.bufferData(gl.ARRAY_BUFFER, normals(pos), gl.STATIC_DRAW);
    this.count = pos.length / 3;
    this.canvas.dataset.triangles = String(this.count / 3);
    this.canvas.dataset.size = (hi[0] - lo[0]).toFixed(1) + "x" + (hi[1] - lo[1]).toFixed(1) + "x" + (hi[2] - lo[2]).toFixed(1);
    this.canvas.dataset.state = "ready";
    this.draw();
  };

  Viewer.prototype.draw = function () {
    const gl = this.gl;
    if (!gl || !this.count) return;
    const w = this.canvas.width, h = this.canvas.height;
    gl.viewport(0, 0, w, h);
    gl.clearColor(0.965, 0.957, 0.933, 1); gl.enable(gl.DEPTH_TEST);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
    const r = rotation(this.yaw, this.pitch), s = this.zoom / this.radius, c = this.centre;
    const a = w / h;
    // Orthographic: rotate about the centre, scale to fit, depth into [-1, 1].
    const m = new Float32Array(16);
    for (let col = 0; col < 3; col++) {
      m[col * 4] = r[col * 3] * s / a; m[col * 4 + 1] = r[col * 3 + 1] * s; m[col * 4 + 2] = -r[col * 3 + 2] * s * 0.5;
    }
    for (let row = 0; row < 3; row++) {
      m[12 + row] = -(m[row] * c[0] + m[4 + row] * c[1] + m[8 + row] * c[2]);
    }
    m[15] = 1;
    const gp = this.prog;
    gl.uniformMatrix4fv(gl.getUniformLocation(gp, "m"), false, m);
    gl.uniformMatrix3fv(gl.getUniformLocation(gp, "r"), false, new Float32Array(r));
    const pl = gl.getAttribLocation(gp, "p"), nl = gl.getAttribLocation(gp, "n");
    gl.bindBuffer(gl.ARRAY_BUFFER, this.pBuf); gl.enableVertexAttribArray(pl); gl.vertexAttribPointer(pl, 3, gl.FLOAT, false, 0, 0);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.nBuf); gl.enableVertexAttribArray(nl); gl.vertexAttribPointer(nl, 3, gl.FLOAT, false, 0, 0);
    gl.drawArrays(gl.TRIANGLES, 0, this.count);
  };

  window.MusterSTL = { Viewer: Viewer, parse: parse };
  document.addEventListener("DOMContentLoaded", () => {
    document.querySelectorAll("canvas.stl-view").forEach((canvas) => {
      const viewer = new Viewer(canvas);
      canvas.musterViewer = viewer;
      if (canvas.dataset.src) viewer.load(canvas.dataset.src + (canvas.dataset.src.includes("?") ? "&" : "?") + "inline=1");
    });
  });
})();
