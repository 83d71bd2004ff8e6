import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contracts from '@topup/common/api';
import { createApp, listApiRoutes, type ApiRoute } from '../../../app';
import { createLogger } from '../../../logger';
import { startTestApp, type TestApp } from '../../../testing/harness';

/**
 * Every back-office route that changes something records it in the audit log. The mutating admin
 * routes are read from the composed app; each one's handler is found in the router source that
 * declares its contract, and the functions it uses are followed (through the services and helpers they
 * reach, with the type checker) until one is recordAudit. The routes whose handlers never get there
 * are listed.
 */

const ADMIN_PREFIXES = ['/api/admin', '/api/pubg-admin', '/api/freefire-admin', '/api/currency-settings'];
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Mutating calls that change no record of the store, and why. */
const CHANGES_NOTHING: Record<string, string> = {
  'POST /api/admin/queues/session': 'hands out a dashboard cookie; what is done on the dashboard is recorded by the dashboard',
  'POST /api/admin/2fa/enrol': "starts an admin's own enrolment; nothing is on until /confirm, which is recorded",
};

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const AUDIT_FILE = path.join(apiRoot, 'src/lib/audit.ts');

let app: TestApp;
let routes: ApiRoute[];

beforeAll(async () => {
  app = await startTestApp();
  routes = listApiRoutes(createApp({ config: app.config, db: app.db, redis: app.redis, invalidations: app.invalidations, logger: createLogger('silent', 'audit-walk') }));
});

afterAll(async () => {
  await app?.close();
});

/** `<contract export>.<key>` of an endpoint object, e.g. `adminUserEndpoints.changeBalance`. */
function contractNameOf(endpoint: unknown): string | undefined {
  for (const [exportName, value] of Object.entries(contracts)) {
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, candidate] of Object.entries(value)) if (candidate === endpoint) return `${exportName}.${key}`;
  }
  return undefined;
}

function apiProgram(): ts.Program {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(apiRoot, 'tsconfig.json'), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error('api/tsconfig.json could not be read');
  return ts.createProgram({ rootNames: parsed.fileNames.filter((file) => file.endsWith('.router.ts')), options: parsed.options });
}

/** Follows calls from a handler through the code they reach, answering whether one is recordAudit. */
function auditReach(checker: ts.TypeChecker) {
  /** What each body reaches; a body still being followed (a recursion) counts as not reaching it. */
  const known = new Map<ts.Node, boolean>();

  const resolved = (symbol: ts.Symbol | undefined) => (symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);

  /** The functions a symbol stands for: declared ones, methods, and arrow functions assigned to a name or property. */
  function bodiesOf(symbol: ts.Symbol | undefined): ts.Node[] {
    return (resolved(symbol)?.declarations ?? []).flatMap((declaration): ts.Node[] => {
      if (declaration.getSourceFile().isDeclarationFile || declaration.getSourceFile().fileName.includes('node_modules')) return [];
      if (ts.isShorthandPropertyAssignment(declaration)) return bodiesOf(checker.getShorthandAssignmentValueSymbol(declaration));
      if (ts.isFunctionLike(declaration)) return [declaration];
      if ((ts.isVariableDeclaration(declaration) || ts.isPropertyAssignment(declaration)) && declaration.initializer && ts.isFunctionLike(declaration.initializer)) {
        return [declaration.initializer];
      }
      return [];
    });
  }

  function reaches(node: ts.Node): boolean {
    const answer = known.get(node);
    if (answer !== undefined) return answer;
    known.set(node, false);
    let found = false;
    // Every name used is followed, called or passed on (`load: codes.bulkAdd`).
    const visit = (child: ts.Node) => {
      if (found) return;
      if (ts.isIdentifier(child)) {
        const symbol = resolved(checker.getSymbolAtLocation(child));
        found =
          (symbol?.name === 'recordAudit' && Boolean(symbol.declarations?.some((declaration) => declaration.getSourceFile().fileName === AUDIT_FILE))) ||
          bodiesOf(symbol).some(reaches);
        return;
      }
      ts.forEachChild(child, visit);
    };
    ts.forEachChild(node, visit);
    known.set(node, found);
    return found;
  }

  return { reaches, bodiesOf, resolved };
}

/** Each contract's handlers as the routers register them: `routes.add(contract.key, …)`, addCrudRoutes, addBulkRoute. */
function handlersByContract(program: ts.Program): Map<string, ts.Node[]> {
  const checker = program.getTypeChecker();
  const walk = auditReach(checker);
  const handlers = new Map<string, ts.Node[]>();
  const add = (name: string, nodes: ts.Node[]) => handlers.set(name, [...(handlers.get(name) ?? []), ...nodes]);
  const exportName = (expression: ts.Expression) => walk.resolved(checker.getSymbolAtLocation(expression))?.name;

  for (const file of program.getSourceFiles().filter((source) => source.fileName.startsWith(path.join(apiRoot, 'src')) && source.fileName.endsWith('.router.ts'))) {
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node)) {
        const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name.text : node.expression.getText();
        const [first, second, third] = node.arguments;
        if (callee === 'add' && first && ts.isPropertyAccessExpression(first)) {
          add(`${exportName(first.expression)}.${first.name.text}`, node.arguments.slice(1));
        } else if (callee === 'addBulkRoute' && second && ts.isPropertyAccessExpression(second)) {
          add(`${exportName(second.expression)}.${second.name.text}`, node.arguments.slice(2));
        } else if (callee === 'addCrudRoutes' && second && third) {
          const service = checker.getTypeAtLocation(third);
          for (const key of ['create', 'update', 'remove']) add(`${exportName(second)}.${key}`, walk.bodiesOf(service.getProperty(key)));
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return handlers;
}

describe('the audit log', () => {
  it('is written by every back-office route that changes something', () => {
    const mutating = routes.filter(
      (route) => MUTATING.has(route.method) && ADMIN_PREFIXES.some((prefix) => route.path.startsWith(`${prefix}/`)) && !CHANGES_NOTHING[`${route.method} ${route.path}`],
    );
    expect(mutating.length).toBeGreaterThan(20);

    const program = apiProgram();
    const handlers = handlersByContract(program);
    const { reaches } = auditReach(program.getTypeChecker());
    const unaudited: string[] = [];
    for (const route of mutating) {
      const contract = contractNameOf(route.endpoint);
      const found = contract ? handlers.get(contract) : undefined;
      if (!found || found.length === 0) unaudited.push(`${route.method} ${route.path}: its handler was not found (${contract ?? 'no contract'})`);
      else if (!found.some((handler) => reaches(handler))) unaudited.push(`${route.method} ${route.path} (${contract}) never calls recordAudit`);
    }
    expect(unaudited).toEqual([]);
  }, 120_000);
});
