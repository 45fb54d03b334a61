import { EARLY_INPUT_GLOBAL } from './early-input';

/**
 * The page's first script (ADR 0025), inlined into the head of every page so that it listens
 * before anything can be tapped. Until the shell stops it, it stands in for the page's code: each press of a button, each checkbox or radio button changed, each field typed
 * into and each option chosen is kept (see EarlyInputEntry) and stopped before React sees it,
 * because React, taking over markup the shopper has already changed, reads the changed state as
 * its own and never calls the page's handlers. What the browser does by itself still happens
 * at once: a field shows what is typed, a box its tick, a link opens its page, a disclosure opens
 * and a form with an address of its own (the search, the filters) is sent there.
 *
 * The shell drives it through the page global: `take()` hands over what was kept so far (it
 * keeps listening), `pass(run)` lets the events `run` dispatches through (the input done again),
 * `stop()` ends it once nothing is left to do again.
 *
 * Plain ES2017 with no dependencies: it runs as it is written, before any bundle.
 */
export const EARLY_INPUT_SCRIPT = `(function () {
  var kept = [];
  var listening = true;
  var passing = false;
  var kinds = ['click', 'input', 'change', 'submit'];
  var isToggle = function (el) { return el.type === 'checkbox' || el.type === 'radio'; };
  var isTextField = function (el) {
    return el.tagName === 'TEXTAREA' || (el.tagName === 'INPUT' && !/^(checkbox|radio|file|submit|image|button|reset|hidden)$/.test(el.type));
  };
  var sendsItself = function (form) { return Boolean(form && form.hasAttribute('action')); };
  var forget = function (el, kind) { kept = kept.filter(function (entry) { return entry.target !== el || entry.kind !== kind; }); };
  function keep(event) {
    var el = event.target;
    if (!listening || passing || !(el instanceof Element)) return;
    if (event.type === 'click') {
      var control = el.closest('a[href], label, summary, button, input, select, textarea, [role="button"]');
      if (!control || control.matches('a[href], label, summary, select, textarea')) return;
      if (control.tagName === 'INPUT') {
        if (isToggle(control)) event.stopPropagation();
        if (isToggle(control) || isTextField(control)) return;
      }
      var submits = (control.tagName === 'BUTTON' || control.tagName === 'INPUT') && /^(submit|image)$/.test(control.type);
      if (submits && sendsItself(control.form)) return;
      event.stopPropagation();
      kept.push({ kind: 'press', target: control });
    } else if (event.type === 'input' || event.type === 'change') {
      if (!el.matches('input, select, textarea')) return;
      event.stopPropagation();
      if (event.type === 'input' && isTextField(el)) {
        forget(el, 'type');
        kept.push({ kind: 'type', target: el, value: el.value });
      } else if (event.type === 'change' && el.tagName === 'SELECT') {
        forget(el, 'choose');
        kept.push({ kind: 'choose', target: el, value: el.value });
      } else if (event.type === 'change' && isToggle(el)) {
        kept.push({ kind: 'toggle', target: el, before: el.type === 'checkbox' ? !el.checked : false });
      }
    } else if (event.type === 'submit') {
      if (sendsItself(el)) return;
      event.preventDefault();
      event.stopPropagation();
      var last = kept[kept.length - 1];
      if (!(event.submitter && last && last.target === event.submitter)) kept.push({ kind: 'send', target: el });
    }
  }
  kinds.forEach(function (kind) { window.addEventListener(kind, keep, true); });
  window.${EARLY_INPUT_GLOBAL} = {
    take: function () {
      var taken = kept;
      kept = [];
      return taken;
    },
    pass: function (run) {
      passing = true;
      try { run(); } finally { passing = false; }
    },
    stop: function () {
      listening = false;
      kept = [];
      kinds.forEach(function (kind) { window.removeEventListener(kind, keep, true); });
    }
  };
})();`;
