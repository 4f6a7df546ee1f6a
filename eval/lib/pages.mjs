// Where a task's page comes from: a static file under eval/pages/, or a page of a component-library
// app under eval/apps/<app>/ (built by build-apps.mjs, served by the runner at /eval/app/<app>/<page>).

/** A static page under eval/pages/ (path relative to it). */
export const staticPage = (path) => ({ path: `/eval/pages/${path}` });

/** A page of a component-library app: eval/apps/<app>/ renders `page` by name. */
export const appPage = (app, page) => ({ app, page, path: `/eval/app/${app}/${page}` });

/** The HTML shell of an app page: its built script and stylesheet. */
export function appShell(app, page) {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${app}</title><link rel="stylesheet" href="/eval/.build/${app}.css"></head>
<body><div id="root" data-page="${page}"></div><script src="/eval/.build/${app}.js"></script></body>
</html>`;
}
