import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { checkSignedPath, signPath, type SignatureCheck } from '../../common/signed-url';
import { Clock, DAY_MS } from '../../common/clock';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { allKeys } from '../../config/app-key';
import type { MaterialJson, TaxFormJson } from '../../contracts/affiliates';
import { MailService } from '../mail';
import { StorageService } from '../storage';
import type { User } from '../users';
import { toMaterialJson, toTaxFormJson } from './affiliates.mapper';
import { AffiliatesRepository } from './affiliates.repository';
import type { AffiliateRow } from './affiliates.types';
import { PayoutsRepository } from './payouts/payouts.repository';

export const TAX_FORM_PREFIX = 'affiliate-tax';
export const MATERIALS_PREFIX = 'affiliate-materials';
const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** The upload interceptor's limits for tax forms and materials: a byte past the stored cap, so storage answers the 422. */
export const UPLOAD_LIMITS = { limits: { fileSize: UPLOAD_MAX_BYTES + 1, files: 1, fields: 5 } };
const TAX_LINK_DAYS = 14;

/** Tax forms (private: the affiliate and admins only) and the marketing materials library. */
@Injectable()
export class DocumentsService {
  constructor(
    private readonly repo: PayoutsRepository,
    private readonly affiliates: AffiliatesRepository,
    private readonly storage: StorageService,
    private readonly mail: MailService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
  ) {}

  async uploadTaxForm(affiliate: AffiliateRow, kind: 'w9' | 'w8ben', bytes: Buffer): Promise<TaxFormJson> {
    const stored = await this.storage.storeUpload(`${TAX_FORM_PREFIX}/${affiliate.id}`, bytes, {
      field: 'file',
      kinds: ['document', 'image'],
      mimes: ['application/pdf', 'image/jpeg', 'image/png'],
      maxBytes: UPLOAD_MAX_BYTES,
    });
    return toTaxFormJson(await this.repo.insertTaxForm(affiliate.id, kind, stored.key));
  }

  async taxForms(affiliate: AffiliateRow): Promise<TaxFormJson[]> {
    return (await this.repo.taxForms('affiliate_id', affiliate.id)).map(toTaxFormJson);
  }

  async taxFormsToReview(): Promise<TaxFormJson[]> {
    return (await this.repo.taxForms('status', 'submitted')).map(toTaxFormJson);
  }

  async review(admin: User, id: string, status: 'approved' | 'rejected', note: string | null): Promise<TaxFormJson> {
    const form = await this.repo.findTaxForm(id);
    if (!form) throw new NotFoundException('No such tax form.');
    await this.repo.reviewTaxForm(id, status, note, admin.id);
    return toTaxFormJson({ ...form, status, review_note: note });
  }

  /** Media rule: a tax form is read by its affiliate and by admins, nobody else. */
  async canReadTaxForm(key: string, user: User | null): Promise<boolean> {
    if (!user) return false;
    if (user.role === 'admin') return true;
    const form = await this.repo.findTaxFormByKey(key);
    const owner = form ? await this.affiliates.findAffiliate('id', form.affiliate_id) : null;
    return owner?.user_id === user.id;
  }

  /** Mails the affiliate a signed link to the public TaxFormUpload page (no sign-in needed, 14 days). */
  async sendUploadLink(affiliate: AffiliateRow): Promise<string> {
    const path = signPath(
      `/tax-form/${affiliate.id}`,
      this.app.appKey,
      new Date(this.clock.nowMs() + TAX_LINK_DAYS * DAY_MS),
    );
    const url = `${this.app.appUrl}${path}`;
    await this.mail.send({
      to: affiliate.user_email,
      subject: 'Upload your tax form',
      text: `Payouts above the yearly reporting threshold need a tax form. Upload yours here (valid ${TAX_LINK_DAYS} days): ${url}`,
      html: `<p>Payouts above the yearly reporting threshold need a tax form.</p><p><a href="${url}">Upload your tax form</a> (valid ${TAX_LINK_DAYS} days).</p>`,
    });
    return path;
  }

  checkUploadLink(affiliateId: string, expires: unknown, signature: unknown): SignatureCheck {
    return checkSignedPath(`/tax-form/${affiliateId}`, expires, signature, allKeys(this.app), this.clock.nowMs());
  }

  async addMaterial(title: string, body: string | null, image: Buffer | null): Promise<MaterialJson> {
    const stored = image
      ? await this.storage.storeUpload(MATERIALS_PREFIX, image, {
          field: 'image',
          kinds: ['image'],
          maxBytes: UPLOAD_MAX_BYTES,
        })
      : null;
    return toMaterialJson(
      await this.repo.insertMaterial({
        title,
        kind: stored ? 'image' : 'copy',
        body,
        storage_key: stored?.key ?? null,
      }),
    );
  }

  async materials(): Promise<MaterialJson[]> {
    return (await this.repo.materials()).map(toMaterialJson);
  }
}
