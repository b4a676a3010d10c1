/**
 * The lab's KMS: customer-managed symmetric keys (`SYMMETRIC_DEFAULT`, `ENCRYPT_DECRYPT`) with
 * their key policies and aliases, found by key id, key ARN, alias name or alias ARN, as KMS
 * resolves a `KeyId` (https://docs.aws.amazon.com/kms/latest/APIReference/API_DescribeKey.html).
 * Each key has real AES-256-GCM material, so Encrypt/Decrypt and GenerateDataKey round-trip;
 * ciphertexts are the lab's own format and open only in the lab that made them. Errors in KMS's
 * words, as recorded against AWS in LocalStack's tests/aws/services/kms/test_kms.snapshot.json.
 */
import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { LAB_ACCOUNT_ID, LAB_REGION } from '../../common/local-aws';
import type { PolicyDocument } from '../iam/policy-document';
import { KmsDisabledError, KmsInvalidCiphertextError, KmsNotFoundError } from './errors';

/** One key. */
export interface KmsKey {
  readonly keyId: string;
  readonly arn: string;
  description: string;
  policy: PolicyDocument;
  readonly creationDate: Date;
  enabled: boolean;
  /** The key material: never leaves the lab. */
  readonly material: Buffer;
}

/** The policy KMS gives a key created without one: the account's IAM policies decide (the "Enable IAM User Permissions" statement). */
export function defaultKeyPolicy(accountId: string): PolicyDocument {
  return {
    Version: '2012-10-17',
    Statement: [
      {
        Sid: 'Enable IAM User Permissions',
        Effect: 'Allow',
        Principal: { AWS: `arn:aws:iam::${accountId}:root` },
        Action: 'kms:*',
        Resource: '*',
      },
    ],
  };
}

/** `lab1` + the key id (36 ASCII bytes) + IV (12) + tag (16) + the encrypted bytes. */
const CIPHERTEXT_PREFIX = Buffer.from('lab1');
const KEY_ID_BYTES = 36;

/** The keys and aliases of one lab. */
export class KmsState {
  private readonly keys = new Map<string, KmsKey>();
  /** `alias/<name>` → key id. */
  private readonly aliases = new Map<string, string>();
  /** A resource's ARN (a queue's) → the key reference it is encrypted with. */
  private readonly encrypted = new Map<string, string>();

  constructor(
    private readonly accountId = LAB_ACCOUNT_ID,
    private readonly region = LAB_REGION,
  ) {}

  /** A new enabled key. */
  createKey(options: { readonly description?: string; readonly policy?: PolicyDocument } = {}): KmsKey {
    const keyId = randomUUID();
    const key: KmsKey = {
      keyId,
      arn: `arn:aws:kms:${this.region}:${this.accountId}:key/${keyId}`,
      description: options.description ?? '',
      policy: options.policy ?? defaultKeyPolicy(this.accountId),
      creationDate: new Date(),
      enabled: true,
      material: randomBytes(32),
    };
    this.keys.set(keyId, key);
    return key;
  }

  /** Schedules deletion: the lab deletes at once (the waiting period is noted by the provider). */
  deleteKey(keyId: string): void {
    this.keys.delete(keyId);
    for (const [alias, target] of this.aliases) if (target === keyId) this.aliases.delete(alias);
  }

  /** Every key, oldest first. */
  list(): KmsKey[] {
    return [...this.keys.values()];
  }

  /** Every alias with its key id. */
  listAliases(): { readonly aliasName: string; readonly aliasArn: string; readonly targetKeyId: string }[] {
    return [...this.aliases].map(([aliasName, targetKeyId]) => ({
      aliasName,
      aliasArn: this.aliasArn(aliasName),
      targetKeyId,
    }));
  }

  aliasArn(aliasName: string): string {
    return `arn:aws:kms:${this.region}:${this.accountId}:${aliasName}`;
  }

  /** Points `aliasName` (`alias/…`) at a key. */
  setAlias(aliasName: string, keyRef: string): void {
    this.aliases.set(aliasName, this.resolve(keyRef).keyId);
  }

  deleteAlias(aliasName: string): void {
    this.aliases.delete(aliasName);
  }

  /** Records that `resourceArn` is encrypted with `keyRef` (undefined: no customer-managed key). */
  encrypts(resourceArn: string, keyRef: string | undefined): void {
    if (keyRef === undefined) this.encrypted.delete(resourceArn);
    else this.encrypted.set(resourceArn, keyRef);
  }

  /** The ARN of the key `resourceArn` is encrypted with, if it is one of the lab's keys. */
  keyOf(resourceArn: string): string | undefined {
    const keyRef = this.encrypted.get(resourceArn);
    if (keyRef === undefined) return undefined;
    try {
      return this.resolve(keyRef).arn;
    } catch {
      return undefined;
    }
  }

  /** Whether `keyRef` names one of the lab's keys (any of the four forms). */
  has(keyRef: string): boolean {
    try {
      this.resolve(keyRef);
      return true;
    } catch {
      return false;
    }
  }

  /** The key `keyRef` names: a key id, a key ARN, `alias/<name>` or an alias ARN; KMS's NotFoundException otherwise. */
  resolve(keyRef: string): KmsKey {
    const aliasName = keyRef.startsWith('alias/') ? keyRef : /^arn:aws:kms:[^:]*:[^:]*:(alias\/.+)$/.exec(keyRef)?.[1];
    if (aliasName !== undefined) {
      const target = this.aliases.get(aliasName);
      const key = target === undefined ? undefined : this.keys.get(target);
      if (key === undefined) throw new KmsNotFoundError(`Alias ${this.aliasArn(aliasName)} is not found.`);
      return key;
    }
    const arn = /^arn:aws:kms:([^:]*):([^:]*):key\/(.+)$/.exec(keyRef);
    const keyId = arn?.[3] ?? keyRef;
    if (arn !== null && arn[1] !== this.region) throw new KmsNotFoundError(`Invalid arn ${arn[1]}`);
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(keyId))
      throw new KmsNotFoundError(`Invalid keyId '${keyRef}'`);
    const key = this.keys.get(keyId);
    if (key === undefined)
      throw new KmsNotFoundError(`Key 'arn:aws:kms:${this.region}:${this.accountId}:key/${keyId}' does not exist`);
    return key;
  }

  /** The key, enabled; KMS's DisabledException for a disabled one. */
  usable(keyRef: string): KmsKey {
    const key = this.resolve(keyRef);
    if (!key.enabled) throw new KmsDisabledError(`${key.arn} is disabled.`);
    return key;
  }

  /** Encrypts `plaintext` under the key. */
  encrypt(keyRef: string, plaintext: Buffer): { readonly key: KmsKey; readonly ciphertext: Buffer } {
    const key = this.usable(keyRef);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key.material, iv);
    const data = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return {
      key,
      ciphertext: Buffer.concat([CIPHERTEXT_PREFIX, Buffer.from(key.keyId, 'ascii'), iv, cipher.getAuthTag(), data]),
    };
  }

  /** Decrypts a ciphertext this lab made; KMS's InvalidCiphertextException (no message) for anything else. */
  decrypt(ciphertext: Buffer): { readonly key: KmsKey; readonly plaintext: Buffer } {
    const head = CIPHERTEXT_PREFIX.length;
    if (ciphertext.length < head + KEY_ID_BYTES + 28 || !ciphertext.subarray(0, head).equals(CIPHERTEXT_PREFIX))
      throw new KmsInvalidCiphertextError();
    const keyId = ciphertext.subarray(head, head + KEY_ID_BYTES).toString('ascii');
    const key = this.keys.get(keyId);
    if (key === undefined) throw new KmsInvalidCiphertextError();
    if (!key.enabled) throw new KmsDisabledError(`${key.arn} is disabled.`);
    const at = head + KEY_ID_BYTES;
    const decipher = createDecipheriv('aes-256-gcm', key.material, ciphertext.subarray(at, at + 12));
    decipher.setAuthTag(ciphertext.subarray(at + 12, at + 28));
    try {
      return { key, plaintext: Buffer.concat([decipher.update(ciphertext.subarray(at + 28)), decipher.final()]) };
    } catch (error) {
      throw new KmsInvalidCiphertextError({ cause: error });
    }
  }
}
