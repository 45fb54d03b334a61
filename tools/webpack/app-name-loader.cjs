// For the single-bundle build only: a remote's source names its own app in __APP_NAME__ and
// __APP_VERSION__ (DefinePlugin values in its federated build); in one bundle each remote's files
// get their own app's values here, before the shell-wide DefinePlugin would name them all "shell".
module.exports = function appNameLoader(source) {
  const app = this.getOptions().apps.find((candidate) => this.resourcePath.startsWith(candidate.dirname));
  if (!app) return source;
  return source
    .replace(/\b__APP_NAME__\b/g, JSON.stringify(app.name))
    .replace(/\b__APP_VERSION__\b/g, JSON.stringify(app.version));
};
