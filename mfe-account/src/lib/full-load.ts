/** A full page load, so every part of the page starts from the new session (tests replace these). */
export const fullLoad = {
  assign: (url: string) => window.location.assign(url),
  replace: (url: string) => window.location.replace(url),
};
