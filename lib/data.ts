// The DynamoDB tables, one per entry of functions/platform/tables.ts (the laptop host builds its
// tables from the same list). On-demand capacity, so an idle deployment pays only for storage;
// point-in-time recovery; encryption with the AWS-managed key; names chosen by CloudFormation.
import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption, type Attribute } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { tables, type KeyDef, type TableDef, type TableKey } from '../functions/platform/tables.js';
import type { HouseTable } from './house-function.js';

const attribute = (k: KeyDef): Attribute => ({ name: k.name, type: k.type === 'S' ? AttributeType.STRING : AttributeType.NUMBER });

export class DataTable extends Table implements HouseTable {
  constructor(scope: Construct, readonly def: TableDef, retain: boolean) {
    super(scope, def.id, {
      partitionKey: attribute(def.partitionKey),
      sortKey: def.sortKey && attribute(def.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryption.AWS_MANAGED,
      timeToLiveAttribute: def.ttlAttribute,
      deletionProtection: retain,
      removalPolicy: retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    for (const index of def.indexes ?? []) {
      this.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: attribute(index.partitionKey),
        sortKey: index.sortKey && attribute(index.sortKey),
        ...(index.include ? { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: [...index.include] } : {}),
      });
    }
  }
}

export interface DataProps {
  /** Keep the tables (and refuse their deletion) when the stack goes: the prod stage. */
  retain: boolean;
}

export class Data extends Construct {
  readonly tables: Record<TableKey, DataTable>;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    this.tables = Object.fromEntries(
      (Object.keys(tables) as TableKey[]).map((key) => [key, new DataTable(this, tables[key], props.retain)]),
    ) as Record<TableKey, DataTable>;
  }

  get all(): DataTable[] {
    return Object.values(this.tables);
  }
}
