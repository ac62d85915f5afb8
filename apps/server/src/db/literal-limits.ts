/**
 * On PostgreSQL a page's LIMIT is written into the statement (`limit 21`) instead of being sent as a
 * parameter (`limit $1`): a plan kept for any number of rows costs more than one for 21, so PostgreSQL
 * would plan such a page afresh on every read; written in, it is planned once per connection. Pages
 * come in a few sizes (the web app asks for 20, 50 or 200), so the statements stay few. Decision
 * record 0049.
 */
import {
  LimitNode,
  OperationNodeTransformer,
  SelectQueryNode,
  ValueNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

class LimitsWrittenIn extends OperationNodeTransformer {
  protected override transformLimit(node: LimitNode): LimitNode {
    const { limit } = node;
    // Only a plain whole number is written in; anything else (an expression) stays as it is.
    if (ValueNode.is(limit) && !limit.immediate && Number.isSafeInteger(limit.value)) {
      return LimitNode.create(ValueNode.createImmediate(limit.value));
    }
    return super.transformLimit(node);
  }
}

export class LiteralLimits implements KyselyPlugin {
  private readonly transformer = new LimitsWrittenIn();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    // Only reads have pages; a write is passed on without walking its tree.
    return SelectQueryNode.is(args.node) ? this.transformer.transformNode(args.node) : args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
