import Type, { type Static } from 'typebox';
import { ContentLanguageQuery, endpoint } from './contract';

/** A promotion badge: its text and the colour its background derives from. */
export const Promotion = Type.Object(
  {
    id: Type.Integer(),
    text: Type.String(),
    background_color: Type.String({ description: 'A hex colour; the badge gradient derives from it.' }),
  },
  { examples: [{ id: 1, text: '−10 % on Steam cards this week', background_color: '#ff5722' }] },
);
export type Promotion = Static<typeof Promotion>;

export const promotionsEndpoints = {
  active: endpoint({
    method: 'get',
    path: '/promotions/active',
    auth: 'none',
    tag: 'Promotions',
    summary: 'The promotion badges to show',
    description: 'Active promotions in the back office’s order.',
    query: ContentLanguageQuery,
    response: Type.Array(Promotion),
  }),
};
