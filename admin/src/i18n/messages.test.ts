import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { englishMessagesTree } from './en';
import { russianMessagesTree } from './ru';

describe('message trees', () => {
  it("lays the store's texts over react-admin's and Russian over English, leaving the packs as they were", () => {
    expect(englishMessagesTree.ra.action.save).toBe('Save');
    expect(russianMessagesTree.ra.action.save).toBe('Сохранить');
    expect(englishMessages.ra.action.save).toBe('Save');
    expect(russianMessagesTree.app).toMatchObject({ storefront: expect.any(String) });
    expect(russianMessagesTree.app).not.toEqual(englishMessagesTree.app);
  });
});
