// Testing Library's findBy* and waitFor give up after 1 s by default. `npm test` runs lint, type
// checks and several projects' tests at once on two cores, where a first render with its fetches
// can take longer; a wait that passes is no slower with a longer limit, only a real failure is.
require('@testing-library/dom').configure({ asyncUtilTimeout: 5000 });
