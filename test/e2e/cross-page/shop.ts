// Helpers shared by the cross-page suites: the shop's checkout routes, and a model that acts on
// whichever page it is shown.
import { agentStep, type MockReply, type RecordedRequest } from '../../helpers/mock-llm-server.js';
import type { StaticServer } from '../../helpers/static-server.js';
import { indexOf, userText } from '../bundle/bundle-helpers.js';

/** The step number the model is asked for ("Step n of m"). */
export const stepOf = (request: RecordedRequest) => Number(/Step (\d+) of/.exec(userText(request))?.[1]);

/** A model that acts on whichever page it is shown: the first rule whose text the page has. */
export function pageModel(rules: Array<[string, (request: RecordedRequest) => MockReply]>) {
  return (request: RecordedRequest): MockReply => {
    const text = userText(request);
    const page = text.slice(text.lastIndexOf('<page'));
    const rule = rules.find(([needle]) => page.includes(needle));
    return rule ? rule[1](request) : agentStep({ done: { text: `lost on: ${page.slice(0, 300)}`, success: false } }, 'lost');
  };
}

export const click = (text: string) => (request: RecordedRequest) => agentStep({ click_element_by_index: { index: indexOf(request, text) } }, `click ${text}`);
export const done = (text: string) => () => agentStep({ done: { text, success: true } }, 'finish');

/**
 * The end of the shop's checkout under `prefix` (`/cp`, `/fm`): `ship` takes the shipping form's POST
 * and answers with the payment page, whose "Place order" goes through `go-confirm` (a 302) to
 * `confirm.html`.
 */
export function routeCheckout(web: StaticServer, prefix: string, shopPage: (title: string, body: string) => string): void {
  web.route(`${prefix}/ship`, (req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      res.writeHead(req.method === 'POST' ? 200 : 405, { 'content-type': 'text/html; charset=utf-8' });
      res.end(shopPage('Payment', `<p>Shipping to ${new URLSearchParams(body).get('street')}</p><button type="button" onclick="location.assign('${prefix}/go-confirm')">Place order</button>`));
    });
  });
  web.route(`${prefix}/go-confirm`, (_req, res) => res.writeHead(302, { location: `${prefix}/confirm.html` }).end());
  web.route(`${prefix}/confirm.html`, { body: shopPage('Confirmation', '<p>Order confirmed: #1042</p>') });
}
