// login.html's one inline script (decision 0376), written here because the server allows it by
// its hash in the Content-Security-Policy and the build (scripts/drawnLogin.ts) writes it in.
import crypto from 'node:crypto'

/**
 * Once the drawn sign-in page's largest paint is on screen, it adds what the build held back
 * (the links in `template#after-paint`: touch icon, manifest, fonts), then the scripts of its
 * data-scripts in their order. Requested before that paint, they shared a slow link with the
 * page. Where the browser reports no largest paint, a task queued from the next frame runs
 * after its paint; a page that never paints (opened in the background) starts after 3 s.
 */
export const START_APP_SCRIPT = `(function () {
  var me = document.currentScript;
  var scripts = ((me && me.getAttribute('data-scripts')) || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var held = document.getElementById('after-paint');
    if (held) document.head.appendChild(held.content.cloneNode(true));
    scripts.forEach(function (src) {
      var script = document.createElement('script');
      script.src = src;
      script.async = false;
      document.head.appendChild(script);
    });
  }
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (types && types.indexOf('largest-contentful-paint') >= 0) {
    new PerformanceObserver(start).observe({ type: 'largest-contentful-paint', buffered: true });
  } else {
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  setTimeout(start, 3000);
})();`

/** The script's source for `script-src` (CSP 3: 'sha256-' and the base64 of its SHA-256). */
export const START_APP_SCRIPT_SOURCE = `'sha256-${crypto
  .createHash('sha256')
  .update(START_APP_SCRIPT, 'utf8')
  .digest('base64')}'`
