// On a page the server drew (decisions 0100, 0126), the app's code is asked for once the first
// screen's pictures are on the screen: loaded (or failed, or after a second at most) and drawn in
// a frame. The page reads, scrolls and follows its links without it; asked for at once, the code
// would share the network with the pictures, and running it (hydrating) would hold their paint.
// Loaded deferred from the page's head, which names the entry (data-entry) and the files it will
// import (data-files), as the build's own preloads would have.
(function () {
  var script = document.currentScript;
  if (!script) return;
  var entry = script.getAttribute('data-entry');
  var files = (script.getAttribute('data-files') || '').split(' ');
  var started = false;

  function start() {
    if (started || !entry) return;
    started = true;
    files.forEach(function (file) {
      if (!file) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = file;
      document.head.appendChild(link);
    });
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    document.head.appendChild(app);
  }

  function drawn() {
    requestAnimationFrame(function () {
      setTimeout(start);
    });
  }

  var pending = Array.prototype.filter.call(
    document.querySelectorAll('#root img[loading="eager"]'),
    function (picture) {
      return !picture.complete;
    },
  );
  var left = pending.length;
  if (left === 0) return drawn();
  setTimeout(drawn, 1000);
  pending.forEach(function (picture) {
    function one() {
      left -= 1;
      if (left === 0) drawn();
    }
    picture.addEventListener('load', one, { once: true });
    picture.addEventListener('error', one, { once: true });
  });
})();
