/**
 * A full page load, so every part of the page starts from the new session (tests replace these).
 * The first one wins: a form that signs the shopper in loads its destination, and the page's own
 * "already signed in, move on" reaction to the new session must not abort that load with another.
 */
let leaving = false;

export const fullLoad = {
  assign: (url: string) => {
    if (leaving) return;
    leaving = true;
    window.location.assign(url);
  },
  replace: (url: string) => {
    if (leaving) return;
    leaving = true;
    window.location.replace(url);
  },
};
