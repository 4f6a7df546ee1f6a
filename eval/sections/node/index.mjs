// The Node-runner section (#16): the agent driven from Node (`drop-in-page-agent run`, `runTask`)
// across pages and tabs: a three-page checkout, list → detail → back, a popup that reports back to
// its opener, and research across three sites (three origins) read with `extract`. Ours only:
// page-agent's multi-page mode exists only as a browser extension.
import { staticPage } from '../../lib/pages.mjs';
import { back, click, closeTab, extract, type } from '../../lib/plan.mjs';

export const name = 'node';
export const description = 'The agent run from Node across pages and tabs: multi-page flows, a popup, research across three sites.';

export const tasks = [
  {
    id: 'node-three-page-checkout',
    runner: 'node',
    page: staticPage('node/shop.html'),
    task: 'Buy the blue mug and check out as Ada Lovelace.',
    plan: [click('Add blue mug to cart'), click('Proceed to checkout'), type('Full name', 'Ada Lovelace'), click('Place order')],
    expect: { order: { items: ['Blue mug'], name: 'Ada Lovelace' } },
  },
  {
    id: 'node-list-detail-back',
    runner: 'node',
    page: staticPage('node/orders.html'),
    task: "Open order 1002 to check its total, then go back to the list and mark it reviewed.",
    plan: [click('Order 1002'), back(), click('Mark 1002 reviewed')],
    expect: { viewed: ['1002'], reviewed: ['1002'] },
  },
  {
    id: 'node-popup-plan-picker',
    runner: 'node',
    page: staticPage('node/newsletter.html'),
    task: 'Subscribe to the newsletter with the Pro plan.',
    plan: [click('Choose a plan'), click('Choose Pro'), click('Subscribe')],
    expect: { plan: 'pro', subscribed: true },
  },
  {
    id: 'node-research-three-sites',
    runner: 'node',
    page: staticPage('node/research/search.html'),
    task: 'How tall are the Cabo da Roca, Cabo de São Vicente and Aveiro lighthouses? Give each tower height and your sources.',
    plan: [
      click('Cabo da Roca lighthouse'),
      extract('How tall is the Cabo da Roca lighthouse tower?', /stands 22 metres tall/),
      closeTab(),
      click('Cabo de São Vicente'),
      extract('How tall is the Cabo de São Vicente lighthouse tower?', /Tower height:? 28 m/),
      closeTab(),
      click('Aveiro lighthouse'),
      extract('How tall is the Aveiro lighthouse tower?', /tower rises 62 metres/),
    ],
    answer: ['22 metres', '28 m', '62 metres'],
    sources: ['almanac.localhost', 'registry.localhost', 'travel.localhost'],
  },
];
