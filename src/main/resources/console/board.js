// The console's live board, updated in place. Every metrics.boardInterval (the page's data-interval-seconds) it fetches the
// board's still copy and swaps its figures in (the hour's range, the charts, the table's rows), leaving the rest of the page,
// the focus and the scroll where they are; a polite status says when the figures were read. It waits while the tab is
// hidden and while the person has paused it with the page's button (WCAG 2.2.2), and pauses itself once the console session
// has ended (resuming tries again: the person may have signed in again in another tab). Without it the page is the same
// figures, with a link that reloads it.
(function () {
  'use strict';
  var live = document.getElementById('board-live');
  var figures = document.getElementById('board-figures');
  var button = document.getElementById('board-pause');
  var status = document.getElementById('board-status');
  if (!live || !figures || !button || !status || !window.fetch || !window.DOMParser) {
    return;
  }
  var interval = Math.max(1, parseInt(live.getAttribute('data-interval-seconds'), 10) || 60) * 1000;
  var source = live.getAttribute('data-source');
  var paused = false;
  var fetching = false;
  var timer = null;
  var lastUpdate = Date.now();

  function say(text) {
    // the same words set again could be announced again, for nothing new
    if (status.textContent !== text) {
      status.textContent = text;
    }
  }

  function running() {
    return !paused && !document.hidden;
  }

  function schedule(delay) {
    clearTimeout(timer);
    timer = running() ? setTimeout(update, delay) : null;
  }

  // each part of the page marked data-board-part takes the children of its namesake in the fresh copy
  function swap(fresh) {
    var parts = figures.querySelectorAll('[data-board-part]');
    for (var i = 0; i < parts.length; i++) {
      var next = fresh.querySelector('#' + parts[i].id);
      if (next) {
        parts[i].replaceChildren.apply(parts[i], Array.prototype.map.call(next.childNodes, function (node) {
          return document.importNode(node, true);
        }));
      }
    }
  }

  function update() {
    timer = null;
    if (fetching || !running()) {
      return;
    }
    fetching = true;
    // redirect 'manual': a console session that ended answers a redirect to sign in, which a fetch must not follow
    fetch(source, {credentials: 'same-origin', redirect: 'manual', cache: 'no-store'}).then(function (response) {
      if (response.type === 'opaqueredirect' || response.status === 403) {
        pause(live.getAttribute('data-ended'));
        return null;
      }
      if (!response.ok) {
        throw new Error('the board answered ' + response.status);
      }
      return response.text().then(function (html) {
        var fresh = new DOMParser().parseFromString(html, 'text/html').getElementById('board-figures');
        if (!fresh) {
          throw new Error('no figures in the answer');
        }
        if (paused) {
          return; // paused while the figures were on their way: they stay as the person saw them
        }
        swap(fresh);
        lastUpdate = Date.now();
        say(fresh.getAttribute('data-updated'));
      });
    }).catch(function () {
      if (!paused) {
        say(live.getAttribute('data-failed'));
      }
    }).then(function () {
      fetching = false;
      schedule(interval);
    });
  }

  function pause(why) {
    paused = true;
    button.textContent = live.getAttribute('data-resume');
    say(why);
    schedule(interval);
  }

  button.addEventListener('click', function () {
    if (paused) {
      paused = false;
      button.textContent = live.getAttribute('data-pause');
      update();
    } else {
      pause(live.getAttribute('data-paused'));
    }
  });

  // a hidden tab asks nothing; shown again, it catches up at once if an update is due
  document.addEventListener('visibilitychange', function () {
    schedule(Math.max(0, lastUpdate + interval - Date.now()));
  });

  button.hidden = false;
  schedule(interval);
}());
