import { describe, expect, it } from 'vitest';
import { defaultSettings, type LocalSettings } from '../storage';
import { statusItems } from './status-items';

const modelLine = (settings: LocalSettings) =>
  statusItems('connected', settings, 'en-US').find((item) => /model|Questions/.test(item.text));

describe('the idle page’s line about questions', () => {
  it('names the model this device asks', () => {
    const settings = {
      ...defaultSettings(),
      llm: { baseUrl: 'https://llm.test/v1', apiKey: 'k', model: 'gpt-x' },
    };
    expect(modelLine(settings)).toEqual({ tone: 'ok', text: 'Questions answered by gpt-x' });
  });

  it('warns when this device has no model and does not ask the computer', () => {
    expect(modelLine(defaultSettings())).toEqual({
      tone: 'warn',
      text: 'No model for questions: set one under Settings › Language model',
    });
  });

  it('says the computer answers when questions go to the computer, with no model of its own', () => {
    const settings: LocalSettings = { ...defaultSettings(), questionModelSource: 'computer' };
    expect(modelLine(settings)).toEqual({ tone: 'ok', text: 'Questions answered by your computer’s model' });
  });
});
