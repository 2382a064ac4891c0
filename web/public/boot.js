// boot.js is the first script of index.html; the build writes it into the page (vite.config.ts,
// routePreloads; the server's CSP allows it by its hash), so it runs while the head is parsed, before
// the browser has asked for any chunk or stylesheet (docs/decisions/frontend-load.md, "Front-end load"). It starts, in this order:
// - on the login route (#/): shows the copy of the login page that the build prerendered
//   (vite.config.ts, prerenderLogin) and keeps it from submitting. The copy comes from the server
//   with a graphic code's picture in it; when it has none, the code is asked for (a fetch at high
//   priority) and shown as soon as it arrives. The app's GraphicCode takes the same code
//   (src/shared/captcha/earlyGraphicCode.ts) instead of another;
// - on a signed-in route with a session stored: the first GETs of its page (the build's table,
//   src/shared/early/table.ts), handed to the app's query cache (src/shared/early/earlyData.ts);
// - on every route: <link rel=modulepreload> for the chunks of the current route's page, which
//   the app would otherwise learn of only once its entry has run (a waterfall).
// In `npm run dev` this file is served as it is and the build's tables are null.
/* global location, document, window, fetch, localStorage, Element */
(function () {
  // { files: [chunk file], app: [file index], routes: [[path pattern, needs a session (0/1),
  //   [file index]]], data: { route path: [[API path, user type or 0]] } }, written by the build.
  var built = /* build: route chunks */ null;
  var hash = location.hash;
  var route = hash.replace(/^#/, '').replace(/\?.*$/, '') || '/';
  var login = /^(#\/?)?(\?.*)?$/.test(hash);
  var token = null;
  var userType = null;
  // Not on the login page, which needs neither: a fresh tab's first localStorage read waits for
  // the browser process to open the origin's storage, and this script runs before the first paint.
  if (!login) {
    try {
      token = localStorage.getItem('token') || null;
      userType = localStorage.getItem('userType');
      // 长辈模式 before the first paint (src/shared/layout/elderMode.ts); on the login page the
      // app applies it when it starts, not to read storage here.
      if (localStorage.getItem('bidpass.elderMode') === '1') document.documentElement.setAttribute('data-elder', '');
    } catch {
      // storage disabled: signed out
    }
  }
  if (login) {
    // The server writes a fresh code's picture into the copy of a page a browser navigates to
    // (internal/httpapi/loginpage.go), so it is painted with the page; once the page is parsed,
    // that picture is the code, and only a page without one (a cache's copy) asks for one.
    var code = new Promise(function (resolve) {
      whenParsed(function () {
        var img = document.querySelector('#prerendered [data-testid="graphic-code"] img[data-code-id]');
        resolve(img ? { id: img.getAttribute('data-code-id'), codeimage: img.getAttribute('src') } : askForCode().then(showInCopy));
      });
    });
    window.__bidpassGraphicCode = code;
    // A refusal is the app's to deal with (its GraphicCode asks again), not an unhandled rejection.
    code.then(null, function () {});
  } else if (token && built && built.data[route]) {
    // Only with the stored session, for the account it names; the app takes the answers only
    // if the same token is still stored (earlyData.ts), and asks again itself otherwise.
    var answers = {};
    built.data[route].forEach(function (q) {
      if (q[1] && String(q[1]) !== userType) return;
      answers[q[0]] = fetch(q[0] + '?_t=' + Date.now(), {
        headers: { Accept: 'application/json', Authorization: 'Bearer ' + token },
        credentials: 'same-origin',
        priority: 'high',
      }).then(
        function (r) { return r.ok ? r.json() : null; },
        function () { return null; },
      ).then(null, function () { return null; });
    });
    window.__bidpassEarlyData = { token: token, answers: answers };
  }

  function askForCode() {
    return fetch('/api/auth/verifycode', {
      method: 'POST',
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      priority: 'high',
    })
      .then(function (r) { return r.json(); })
      .then(function (env) {
        if (!env || env.code !== 0 || !env.data) throw new Error('verifycode refused');
        return env.data;
      });
  }
  // showInCopy puts the picture of code c, asked for once the page was parsed, into the copy,
  // before the code is handed on (src/app/main.tsx waits for that picture), and returns c.
  function showInCopy(c) {
    var box = document.querySelector('#prerendered [data-testid="graphic-code"]');
    if (box) {
      var img = document.createElement('img');
      img.src = c.codeimage;
      img.alt = '图形验证码';
      img.width = parseInt(box.style.width, 10) || 120;
      img.height = parseInt(box.style.height, 10) || 40;
      img.draggable = false;
      img.setAttribute('data-code-id', c.id);
      box.replaceChildren(img);
    }
    return c;
  }
  function whenParsed(fn) {
    if (document.readyState !== 'loading') fn();
    else document.addEventListener('readystatechange', fn, { once: true });
  }
  function matches(path, pattern) {
    if (pattern === path) return true;
    if (pattern.indexOf(':') < 0 && pattern.indexOf('*') < 0) return false;
    var re = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\/\*$/, '(?:/.*)?').replace(/:[^/]+/g, '[^/]+');
    return new RegExp('^' + re + '$').test(path);
  }
  var preloaded = {};
  // preloadFiles adds the links of the files (indexes into built.files) that are not there yet.
  function preloadFiles(indexes) {
    indexes.forEach(function (n) {
      var f = built.files[n];
      if (preloaded[f]) return;
      preloaded[f] = true;
      var link = document.createElement('link');
      // The stylesheets only fetched: the app's import inserts them and waits for them (from the cache).
      if (/\.css$/.test(f)) {
        link.rel = 'preload';
        link.as = 'style';
      } else {
        link.rel = 'modulepreload';
      }
      link.crossOrigin = '';
      link.href = '/' + f;
      document.head.appendChild(link);
    });
  }
  // preload adds the links of the page at path (a route path, no query);
  // signedIn: the page is wanted whether a session is stored or not.
  function preload(path, signedIn) {
    var page = null;
    var i;
    if (!built) return;
    for (i = 0; i < built.routes.length && !page; i++) if (built.routes[i][0] === path) page = built.routes[i];
    for (i = 0; i < built.routes.length && !page; i++) if (matches(path, built.routes[i][0])) page = built.routes[i];
    // A route that needs a session sends the signed-out visitor to the login page: nothing to preload.
    if (!page || (page[1] && !token && !signedIn)) return;
    preloadFiles(page[2]);
  }
  // The app's own chunks (the entry's imports, src/app/start.tsx and its imports) at once, as
  // links in the head would be, on every route but the login page: there, fetched and compiled
  // while the copy is parsed and painted, they put its first paint and the graphic code's picture
  // back, and main.tsx asks for them once the picture is painted (docs/decisions/frontend-load.md, "Front-end load").
  if (built && !login) preloadFiles(built.app);
  // The page's chunks after the parser has queued the head's own scripts and stylesheets (the
  // entry, the stylesheets the first paint waits for): on HTTP/1.1's six connections a page's forty
  // chunks queued first held those back, and they are needed only once the entry has run.
  whenParsed(function () {
    preload(route, false);
  });
  // For the app (src/app/main.tsx): on the login page, once it is idle, the page that follows the
  // sign-in, so that it needs no chunk from the network then.
  window.__bidpassPreloadRoute = function (path) {
    preload(path, true);
  };
  if (!login) return;

  document.documentElement.setAttribute('data-prerendered', '');
  // A press on 登录 (or Enter) in the copy is not lost: the form is marked, and the app's page
  // submits its own form of the same test id when it takes the copy over (src/app/staticLogin.tsx;
  // docs/decisions/frontend-load.md, "Early presses on the login page").
  document.addEventListener('submit', function (e) {
    if (!(e.target instanceof Element) || !e.target.closest('#prerendered')) return;
    e.preventDefault();
    e.target.setAttribute('data-submit-pending', '');
  }, true);
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
})();
