// @ts-check
// bidpass/layers: the one-way flow of bulletproof-react (docs/architecture.md),
// shared → features → app. A feature never imports another feature; src/shared
// imports neither features nor app; features do not import app.
//
// Import paths are resolved by hand (the `@/` alias and relative paths), so the rule
// needs no module resolver. Imports of packages are not its business.
import path from 'node:path';

/**
 * layerOf names the layer of an absolute file path under srcDir: "app", "shared",
 * "feature:<name>", or null (tests, outside src).
 * @param {string} file @param {string} srcDir
 */
export function layerOf(file, srcDir) {
  const rel = path.relative(srcDir, file).split(path.sep);
  if (rel[0] === '..' || rel.length < 2) return null;
  if (rel[0] === 'app') return 'app';
  if (rel[0] === 'shared') return 'shared';
  if (rel[0] === 'features' && rel.length >= 3) return `feature:${rel[1]}`;
  if (rel[0] === 'features') return 'features';
  return null;
}

/**
 * violation returns the message id for an import from layer `from` of layer `to`, or null.
 * @param {string | null} from @param {string | null} to
 */
export function violation(from, to) {
  if (!from || !to || from === to) return null;
  if (from === 'shared' && (to === 'app' || to.startsWith('feature'))) return 'sharedUp';
  if (from.startsWith('feature:') && to === 'app') return 'featureToApp';
  if (from.startsWith('feature:') && to.startsWith('feature')) return 'crossFeature';
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports flowing shared → features → app; no feature imports another.' },
    schema: [{ type: 'object', properties: { srcDir: { type: 'string' } }, additionalProperties: false }],
    messages: {
      crossFeature:
        'A feature must not import another feature ({{target}}): move the shared part to src/shared, or compose the two in src/app.',
      featureToApp: 'A feature must not import src/app ({{target}}).',
      sharedUp: 'src/shared must not import features or app ({{target}}).',
    },
  },
  create(context) {
    const srcDir = path.resolve(context.cwd, context.options[0]?.srcDir ?? 'src');
    const file = context.physicalFilename;
    const from = layerOf(file, srcDir);
    if (!from) return {};

    /** @param {any} node */
    function check(node) {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const spec = source.value;
      let target;
      if (spec.startsWith('@/')) target = path.join(srcDir, spec.slice(2));
      else if (spec.startsWith('.')) target = path.resolve(path.dirname(file), spec);
      else return;
      // A path naming a folder (index file) still lies inside that folder.
      const id = violation(from, layerOf(path.join(target, '_'), srcDir) ?? layerOf(target, srcDir));
      if (id) context.report({ node: source, messageId: id, data: { target: spec } });
    }

    return {
      ImportDeclaration: check,
      ImportExpression: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};

export default { rules: { layers: layersRule } };
