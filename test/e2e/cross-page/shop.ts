// Mock-model helpers shared by the cross-page suites: a model that acts on whichever page it is shown.
import { agentStep, type MockReply, type RecordedRequest } from '../../helpers/mock-llm-server.js';
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
