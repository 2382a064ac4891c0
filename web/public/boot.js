// boot.js is the first script of index.html, a classic one, so it runs before the body is
// painted (issue 19). On the login route (#/) it shows the copy of the login page that the
// build prerendered (vite.config.ts, prerenderLogin), keeps that copy from submitting, and asks
// for the graphic code at once: the copy shows the picture as soon as it arrives, and the app's
// GraphicCode takes the same code (src/shared/captcha/earlyGraphicCode.ts) instead of another.
/* global location, document, window, fetch, Element */
(function () {
  if (!/^(#\/?)?(\?.*)?$/.test(location.hash)) return;
  document.documentElement.setAttribute('data-prerendered', '');
  document.addEventListener('submit', function (e) {
    if (e.target instanceof Element && e.target.closest('#prerendered')) e.preventDefault();
  }, true);
  var code = fetch('/api/auth/verifycode', { method: 'POST', headers: { Accept: 'application/json' }, credentials: 'same-origin' })
    .then(function (r) { return r.json(); })
    .then(function (env) {
      if (!env || env.code !== 0 || !env.data) throw new Error('verifycode refused');
      return env.data;
    });
  window.__bidpassGraphicCode = code;
  function whenParsed(fn) {
    if (document.readyState !== 'loading') fn();
    else document.addEventListener('readystatechange', fn, { once: true });
  }
  // The copy was rendered with the default site title (index.html's <title>, read before the
  // app changes it); the server's runtime config may name another.
  var defaultTitle = document.title;
  whenParsed(function () {
    var meta = document.querySelector('meta[name="bidpass-config"]');
    var title;
    try {
      title = JSON.parse(meta ? meta.getAttribute('content') : '{}').siteTitle;
    } catch {
      return;
    }
    if (!title || title === defaultTitle) return;
    var copy = document.getElementById('prerendered');
    var walk = copy && document.createTreeWalker(copy, 4 /* NodeFilter.SHOW_TEXT */);
    while (walk && walk.nextNode()) if (walk.currentNode.nodeValue === defaultTitle) walk.currentNode.nodeValue = title;
  });
  code.then(function (c) {
    whenParsed(function () {
      var box = document.querySelector('#prerendered [data-testid="graphic-code"]');
      if (!box) return;
      var img = document.createElement('img');
      img.src = c.codeimage;
      img.alt = '图形验证码';
      img.width = parseInt(box.style.width, 10) || 120;
      img.height = parseInt(box.style.height, 10) || 40;
      img.draggable = false;
      img.setAttribute('data-code-id', c.id);
      box.replaceChildren(img);
    });
  }, function () {});
})();
