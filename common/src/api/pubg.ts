import Type, { type Static } from 'typebox';
import { ContentLanguageQuery, endpoint, Success } from './contract';
import { playerCheckEndpoint } from './players';
import { Sale } from './promotions';

/** A PUBG package: an amount of UC and its price in each balance currency. */
export const PubgPackage = Type.Object(
  {
    id: Type.Integer(),
    uc_amount: Type.Integer(),
    name: Type.String({ description: "The package's name in the language asked for; '' when it goes by its UC amount." }),
    price_usd: Type.Number(),
    price_rub: Type.Number(),
    sale: Type.Optional(Sale),
  },
  { examples: [{ id: 1, uc_amount: 60, name: '', price_usd: 0.99, price_rub: 78.21 }] },
);
export type PubgPackage = Static<typeof PubgPackage>;

export const PubgPlayerCheck = Type.Union(
  [
    Success({ data: Type.Object({ status: Type.Literal('success'), player_name: Type.String() }) }),
    Type.Object({ success: Type.Literal(false), data: Type.Object({ status: Type.Literal('not_found') }) }),
  ],
  { examples: [{ success: true, data: { status: 'success', player_name: 'Player6789' } }, { success: false, data: { status: 'not_found' } }] },
);
export type PubgPlayerCheck = Static<typeof PubgPlayerCheck>;

const tag = 'PUBG';

export const pubgEndpoints = {
  packages: endpoint({
    method: 'get',
    path: '/pubg/packages',
    auth: 'none',
    tag,
    summary: 'The UC packages on sale',
    description: 'Active packages, smallest first: the order the automatic combination of a custom UC amount expects.',
    query: ContentLanguageQuery,
    response: Type.Array(PubgPackage),
  }),
  checkPlayer: playerCheckEndpoint('pubg', tag, PubgPlayerCheck),
};
