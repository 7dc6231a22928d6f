/**
 * The one inline script of index.html in the production build (the server's
 * Content-Security-Policy allows exactly this text by its SHA-256). It runs while the page is
 * parsed, before any app code:
 *
 * 1. it puts the build-time sign-in screen for the device's saved language and theme into #root
 *    (renderLogin.tsx), so a slow phone shows a usable form in its first paint rather than after
 *    the app's JavaScript has arrived and run (React replaces it on its first render; what the
 *    visitor typed, a Login or another button pressed meanwhile carry over, handoff.ts);
 * 2. it starts the app's scripts — downloading since the head's preload links — only once that
 *    paint is on screen, so their first work does not hold the form back either.
 *
 * A plain string, not a function's source, so the bundler and the server hash the same bytes.
 */
/** index.html's templates are this plus `<language>-<theme>`, e.g. prerendered-login-am-light. */
export const PRERENDER_TEMPLATE_PREFIX = 'prerendered-login-'

export const LOGIN_CHOOSER_SCRIPT = `(function () {
  var saved = function (key, allowed, fallback) {
    try {
      var value = localStorage.getItem(key);
      return allowed.indexOf(value) >= 0 ? value : fallback;
    } catch (error) {
      return fallback;
    }
  };
  var show = function () {
    var root = document.getElementById('root');
    if (!root || location.pathname === '/debug') return false;
    var language = saved('language', ['am', 'en', 'om'], 'am');
    var mode = saved('themeMode', ['light', 'dark'], 'light');
    var template = document.getElementById('${PRERENDER_TEMPLATE_PREFIX}' + language + '-' + mode);
    if (!template) return false;
    var html = document.documentElement;
    html.lang = language;
    html.setAttribute('data-theme', mode);
    html.style.colorScheme = mode;
    root.appendChild(template.content.cloneNode(true));
    var standalone =
      matchMedia('(display-mode: standalone)').matches || navigator.standalone === true;
    var banner = root.querySelector('.pwa-banner');
    if (banner && (standalone || saved('installBannerDismissed', ['true'], '') === 'true')) {
      banner.remove();
    }
    // A press of one of its other buttons (Install App, the language, the theme…) is replayed on
    // the app's own button once it has taken over.
    var page = root.firstElementChild;
    page.addEventListener('click', function (event) {
      var button = event.target.closest && event.target.closest('button');
      if (!button || button.type === 'submit') return;
      var buttons = page.querySelectorAll('button');
      page.setAttribute('data-pending-click', Array.prototype.indexOf.call(buttons, button));
    });
    var form = root.querySelector('form');
    if (form) {
      form.addEventListener('submit', function (event) {
        event.preventDefault();
        form.setAttribute('data-submitted', 'true');
      });
    }
    return true;
  };
  var started = false;
  var start = function () {
    if (started) return;
    started = true;
    var scripts = document.querySelectorAll('link[rel="preload"][as="script"]');
    for (var i = 0; i < scripts.length; i++) {
      var script = document.createElement('script');
      // As written (the path), which is how webpack's chunk loader recognises a script it needs.
      script.src = scripts[i].getAttribute('href');
      script.async = false;
      document.head.appendChild(script);
    }
  };
  var shown = false;
  try {
    shown = show();
  } finally {
    var paints = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
    if (shown && paints && paints.indexOf('paint') >= 0) {
      // Once the form is on screen; a hidden tab paints nothing, so not later than a second.
      var observer = new PerformanceObserver(function (list) {
        if (list.getEntriesByName('first-contentful-paint').length) {
          observer.disconnect();
          setTimeout(start, 0);
        }
      });
      observer.observe({ type: 'paint', buffered: true });
      setTimeout(start, 1000);
    } else {
      start();
    }
  }
})();`
