// Section `output` (#20): typed results. Each task asks a question whose answer is data in a schema:
// ours gets `execute(task, { outputSchema })` (zod 4, zod 3 or a JSON Schema) and must resolve
// `result.data` deep-equal to the expected value, numbers as numbers; page-agent 1.12.4 has no output
// schema, so its `data` (the done text) counts only when it parses as JSON equal to it. The reasoner
// reads every value from the page text it was sent (the step's listing, or the whole page text of
// ours' extract call) by the words around it, never from the task.
import { appPage, staticPage } from '../../lib/pages.mjs';
import { click, read } from '../../lib/plan.mjs';
import { jsonSchema, zod3, zod4 } from '../../lib/schemas.mjs';

export const name = 'output';
export const description = 'Typed results: data in a zod 4, zod 3 or JSON Schema read from tables, lists, form errors, widgets and text below the listed part.';

/** A segment of the page text as the reasoner reads it (read.mjs readableText): no " | " inside. */
const CELL = '[^|]+';

export const tasks = [
  {
    id: 'output-order-row',
    page: staticPage('output/orders.html'),
    task: 'Look up order #1042: give its number, customer, total and status.',
    schema: jsonSchema({
      type: 'object',
      properties: {
        id: { type: 'integer' },
        customer: { type: 'string' },
        total: { type: 'number' },
        status: { type: 'string', enum: ['pending', 'shipped', 'delivered', 'cancelled'] },
      },
      required: ['id', 'customer', 'total', 'status'],
    }),
    // The row of order #1042: order, customer, date, total, status. The model writes the numbers as
    // strings ("1042", "86.4"): ours must repair done's data; page-agent returns them as written.
    plan: [read('Order #1042: number, customer, total and status', new RegExp(`#(?<id>1042) \\| (?<customer>${CELL}) \\| ${CELL} \\| (?<total>${CELL}) \\| (?<status>${CELL})`), { sloppy: true })],
    data: { id: 1042, customer: 'Grace Hopper', total: 86.4, status: 'shipped' },
    expect: {},
  },
  {
    id: 'output-product-price',
    page: staticPage('output/product.html'),
    task: "What is this product's name and price, and is it in stock?",
    schema: zod4((z) => z.object({ name: z.string(), price: z.number(), inStock: z.boolean() })),
    // The heading right above the price line, the price, the availability line.
    plan: [read('The product name, price and availability', new RegExp(`(?:^| \\| )(?<name>${CELL}) \\| Price: €(?<price>${CELL}) \\| Availability: (?<inStock>${CELL})`))],
    data: { name: 'Blue stoneware mug', price: 24.9, inStock: true },
    expect: {},
  },
  {
    id: 'output-cart-items',
    page: staticPage('output/cart.html'),
    task: 'List the items in my cart with their quantity and unit price, and the subtotal.',
    schema: zod3((z) => z.object({ items: z.array(z.object({ name: z.string(), quantity: z.number().int(), unitPrice: z.number() })), subtotal: z.number() })),
    // Each cart line: its name, its variant, "Qty n", "€x each"; then the subtotal. Read with ours'
    // extract at once; the model writes the numbers as strings ("2", "12.5"): ours must repair the
    // extract call's answer; page-agent (no extract, read from its listing) returns them as written.
    plan: [
      read(
        'The items in the cart (name, quantity, unit price) and the subtotal',
        {
          items: new RegExp(`(?:^| \\| )(?<name>${CELL}) \\| ${CELL} \\| Qty (?<quantity>\\d+) \\| €(?<unitPrice>[\\d.,]+) each`, 'g'),
          subtotal: /Subtotal: €([\d.,]+)/,
        },
        { via: 'extract', sloppy: true },
      ),
    ],
    data: {
      items: [
        { name: 'Blue stoneware mug', quantity: 2, unitPrice: 12.5 },
        { name: 'Linen tea towel', quantity: 1, unitPrice: 9 },
        { name: 'Oak coaster set', quantity: 3, unitPrice: 7.25 },
      ],
      subtotal: 55.75,
    },
    expect: {},
  },
  {
    id: 'output-form-errors',
    page: staticPage('output/signup.html'),
    task: 'Try to create the account as it is filled in and tell me every error message the form shows.',
    schema: zod4((z) => z.object({ errors: z.array(z.string()) })),
    // The errors appear under the fields after the click, each "Error: …".
    plan: [click('Create account'), read('The error messages of the form', { errors: /Error: ([^|]+)/g })],
    data: {
      errors: ['Enter your full name.', 'Enter an email address like name@example.com.', 'Use at least 8 characters for the password.', 'Accept the terms to continue.'],
    },
    expect: {},
  },
  {
    id: 'output-specs-below-listing',
    page: staticPage('output/product.html'),
    task: "What are the mug's capacity in ml, weight in grams and warranty in years, and is it dishwasher safe?",
    schema: jsonSchema({
      type: 'object',
      properties: {
        capacityMl: { type: 'integer' },
        weightGrams: { type: 'integer' },
        warrantyYears: { type: 'integer' },
        dishwasherSafe: { type: 'boolean' },
      },
      required: ['capacityMl', 'weightGrams', 'warrantyYears', 'dishwasherSafe'],
    }),
    // The specifications list, after 80 reviews: past ours' budgeted listing (extract reads the whole
    // page text), 3.4 pages below the fold.
    plan: [
      read('The specifications: capacity, weight, warranty, dishwasher safe', {
        capacityMl: /Capacity \| (\d+) ml/,
        weightGrams: /Weight \| (\d+) g\b/,
        warrantyYears: /Warranty \| (\d+) years?/,
        dishwasherSafe: /Dishwasher safe \| (Yes|No)\b/,
      }),
    ],
    data: { capacityMl: 350, weightGrams: 410, warrantyYears: 2, dishwasherSafe: true },
    expect: {},
  },
  {
    id: 'output-antd-settings',
    page: appPage('antd', 'settings'),
    task: 'Which theme is selected and what is the session timeout in minutes?',
    schema: zod3((z) => z.object({ theme: z.enum(['Light', 'Dark', 'System']), sessionTimeout: z.number().int() })),
    // The Segmented option shown as checked after the "Theme" label; the InputNumber's value after its label.
    plan: [
      read('The selected theme and the session timeout', {
        theme: /Theme \|(?: [^|]+ \|)*? ([^|()]+) \(checked\)/,
        sessionTimeout: /Session timeout \(minutes\) \| (\d+)/,
      }),
    ],
    data: { theme: 'Light', sessionTimeout: 30 },
    expect: {},
  },
];
