import type { OpenAPIObject } from '@nestjs/swagger';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';

type Schema = Record<string, unknown>;

const MAX_DEPTH = 8;

/**
 * The answer shapes of the controllers, read from the TypeScript source: each handler's return type (what its
 * mapper returns, typed by the area's contract) as a JSON schema, keyed like the document's operation ids
 * (`Controller_method`). Named interfaces and type aliases become shared component schemas. The swagger CLI plugin
 * cannot do this for interfaces, which is what the contracts are; the type checker can.
 */
export function answerSchemas(tsconfigPath: string): {
  answers: Map<string, Schema>;
  components: Record<string, Schema>;
} {
  const config = ts.getParsedCommandLineOfConfigFile(
    resolve(tsconfigPath),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  )!;
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
  const checker = program.getTypeChecker();
  const components: Record<string, Schema> = {};
  const answers = new Map<string, Schema>();
  const root = dirname(resolve(tsconfigPath));

  const componentName = (type: ts.Type): string | null => {
    const symbol = type.aliasSymbol ?? type.getSymbol();
    // A generic instantiated (Page<Listing>) is described in place: one component per argument would be needed.
    const generic = !type.aliasSymbol && (type as ts.TypeReference).typeArguments?.length;
    if (!symbol || type.aliasTypeArguments?.length || generic) return null;
    const declaration = symbol.declarations?.[0];
    if (!declaration || !declaration.getSourceFile().fileName.startsWith(resolve(root, 'src'))) return null;
    const named = ts.isInterfaceDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration);
    return named ? symbol.getName() : null;
  };

  function toSchema(type: ts.Type, depth: number, seen: Set<ts.Type>): Schema {
    if (depth > MAX_DEPTH) return {};
    const flags = type.getFlags();
    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    if (flags & ts.TypeFlags.StringLiteral) return { type: 'string', enum: [(type as ts.StringLiteralType).value] };
    if (flags & ts.TypeFlags.NumberLiteral) return { type: 'number', enum: [(type as ts.NumberLiteralType).value] };
    if (flags & ts.TypeFlags.BooleanLiteral) return { type: 'boolean' };
    if (flags & ts.TypeFlags.StringLike) return { type: 'string' };
    if (flags & (ts.TypeFlags.NumberLike | ts.TypeFlags.BigIntLike)) return { type: 'number' };
    if (flags & ts.TypeFlags.BooleanLike) return { type: 'boolean' };
    if (flags & ts.TypeFlags.Null) return { nullable: true };
    if (type.isUnion()) return unionSchema(type, depth, seen);
    if (checker.isArrayType(type) || checker.isTupleType(type)) {
      const [item] = checker.getTypeArguments(type as ts.TypeReference);
      return { type: 'array', items: item ? toSchema(item, depth + 1, seen) : {} };
    }
    if (type.getSymbol()?.getName() === 'Date') return { type: 'string', format: 'date-time' };
    if (!(flags & ts.TypeFlags.Object) && !type.isIntersection()) return {};
    const name = componentName(type);
    if (name && components[name]) return { $ref: `#/components/schemas/${name}` };
    if (seen.has(type)) return name ? { $ref: `#/components/schemas/${name}` } : {};
    seen.add(type);
    const schema = objectSchema(type, depth, seen);
    seen.delete(type);
    if (!name) return schema;
    components[name] = schema;
    return { $ref: `#/components/schemas/${name}` };
  }

  function unionSchema(type: ts.UnionType, depth: number, seen: Set<ts.Type>): Schema {
    const parts = type.types.filter((t) => !(t.getFlags() & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
    const nullable = parts.some((t) => t.getFlags() & ts.TypeFlags.Null);
    const rest = parts.filter((t) => !(t.getFlags() & ts.TypeFlags.Null));
    const literals = rest.filter((t) => t.isStringLiteral());
    let schema: Schema;
    if (rest.length && rest.every((t) => t.getFlags() & ts.TypeFlags.BooleanLike)) schema = { type: 'boolean' };
    else if (literals.length === rest.length && rest.length)
      schema = { type: 'string', enum: literals.map((t) => (t as ts.StringLiteralType).value) };
    else if (rest.length === 1) schema = toSchema(rest[0], depth, seen);
    else schema = { oneOf: rest.map((t) => toSchema(t, depth + 1, seen)) };
    return nullable ? { ...schema, nullable: true } : schema;
  }

  function objectSchema(type: ts.Type, depth: number, seen: Set<ts.Type>): Schema {
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    for (const property of checker.getPropertiesOfType(type)) {
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      if (!declaration) continue;
      const propertyType = checker.getTypeOfSymbolAtLocation(property, declaration);
      if (propertyType.getCallSignatures().length) continue; // methods are not part of the JSON
      properties[property.getName()] = toSchema(propertyType, depth + 1, seen);
      if (!(property.getFlags() & ts.SymbolFlags.Optional)) required.push(property.getName());
    }
    const index = checker.getIndexInfoOfType(type, ts.IndexKind.String);
    return {
      type: 'object',
      properties,
      ...(required.length ? { required } : {}),
      ...(index ? { additionalProperties: toSchema(index.type, depth + 1, seen) } : {}),
    };
  }

  const unwrapPromise = (type: ts.Type): ts.Type =>
    type.getSymbol()?.getName() === 'Promise' ? (checker.getTypeArguments(type as ts.TypeReference)[0] ?? type) : type;

  for (const file of program.getSourceFiles()) {
    if (!file.fileName.endsWith('.controller.ts') || file.fileName.includes('node_modules')) continue;
    ts.forEachChild(file, (node) => {
      if (!ts.isClassDeclaration(node) || !node.name) return;
      for (const member of node.members) {
        if (!ts.isMethodDeclaration(member) || !ts.isIdentifier(member.name)) continue;
        const signature = checker.getSignatureFromDeclaration(member);
        if (!signature) continue;
        const answer = unwrapPromise(checker.getReturnTypeOfSignature(signature));
        if (answer.getFlags() & (ts.TypeFlags.Void | ts.TypeFlags.Undefined | ts.TypeFlags.Any)) continue;
        answers.set(`${node.name.text}_${member.name.text}`, toSchema(answer, 0, new Set()));
      }
    });
  }
  return { answers, components };
}

/** No answer described yet, or only the bare `object` the swagger plugin writes for a type it cannot resolve. */
function replaceable(content: unknown): boolean {
  if (!content) return true;
  const schema = (content as { 'application/json'?: { schema?: Schema } })['application/json']?.schema;
  return !!schema && Object.keys(schema).length === 1 && schema.type === 'object';
}

/** Puts the answer shapes into the document: the success answer of each operation whose handler returns JSON. */
export function addAnswers(document: OpenAPIObject, tsconfigPath: string): number {
  const { answers, components } = answerSchemas(tsconfigPath);
  let described = 0;
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
      const schema = answers.get(operation.operationId ?? '');
      const responses = operation.responses as Record<string, { description?: string; content?: unknown }>;
      const success = Object.keys(responses).find((status) => status.startsWith('2'));
      if (!schema || !success || !replaceable(responses[success].content)) continue;
      responses[success] = {
        description: responses[success].description || 'OK',
        content: { 'application/json': { schema } },
      };
      described++;
    }
  }
  document.components ??= {};
  document.components.schemas = { ...components, ...document.components.schemas } as never;
  return described;
}
