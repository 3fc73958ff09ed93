import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsEmail, IsString, MaxLength } from 'class-validator';
import { Msg } from '../../../common/http/drf-errors';
import { IsPgInt, PG_INT_MAX } from '../../../common/http/transforms';

export class CreateCheckoutDto {
  @ApiProperty({
    description: "The site's own origin (PUBLIC_URL, or the origin the request came to); the success and cancel URLs are built on it.",
    example: 'https://monobook.example',
    maxLength: 300,
  })
  @IsDefined({ message: Msg.required })
  @IsString({ message: Msg.notAString })
  @MaxLength(300, { message: Msg.maxLength(300) })
  SITE_URL: string;

  @ApiProperty({ example: 1, type: 'integer', minimum: 1, maximum: PG_INT_MAX })
  @IsDefined({ message: Msg.required })
  @IsPgInt({ min: 1 })
  pageId: number;
}

export class GoToResponse {
  @ApiProperty({ description: 'The Stripe Checkout page to send the browser to.' })
  goTo: string;
}

export class CheckoutStatusDto {
  @ApiProperty({ description: 'The `session_id` the success page was opened with.', maxLength: 255, example: 'cs_test_a1' })
  @IsDefined({ message: Msg.required })
  @IsString({ message: Msg.notAString })
  @MaxLength(255, { message: Msg.maxLength(255) })
  session_id: string;
}

export class CheckoutStatusResponse {
  @ApiProperty({
    enum: ['open', 'pending', 'paid', 'failed', 'expired', 'refunded'],
    description:
      '`pending`: a konbini voucher waits to be paid. `refunded`: paid for a Book the buyer already owned (another session was paid first): refunded in full.',
  })
  status: 'open' | 'pending' | 'paid' | 'failed' | 'expired' | 'refunded';

  @ApiProperty({ type: Number, nullable: true })
  pageId: number | null;

  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'When the konbini voucher expires (pending only).' })
  voucher_expires_at: string | null;

  @ApiProperty({ type: String, nullable: true, description: "Stripe's page showing the konbini voucher." })
  voucher_url: string | null;
}

export class PendingCheckoutResponse {
  @ApiProperty({ description: "true: the viewer's konbini voucher for this Book waits to be paid (a second checkout is refused until it is paid or expires)." })
  pending: boolean;

  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'When the voucher expires.' })
  voucher_expires_at: string | null;

  @ApiProperty({ type: String, nullable: true, description: "Stripe's page showing the konbini voucher." })
  voucher_url: string | null;
}

export class ConnectAccountDto {
  @ApiProperty({ maxLength: 100, example: 'Hanako Yamada' })
  @IsDefined({ message: Msg.required })
  @IsString({ message: Msg.notAString })
  @MaxLength(100, { message: Msg.maxLength(100) })
  name: string;

  @ApiProperty({ maxLength: 254, example: 'hanako@example.com' })
  @IsDefined({ message: Msg.required })
  @IsString({ message: Msg.notAString })
  @MaxLength(254, { message: Msg.maxLength(254) })
  @IsEmail({}, { message: Msg.invalidEmail })
  email: string;
}

export class UrlResponse {
  @ApiProperty()
  url: string;
}

export class ShopIdResponse {
  @ApiProperty({ type: String, nullable: true, description: "The user's Stripe Connect account id (null: none yet)." })
  shopId: string | null;
}

export class WebhookResponse {
  @ApiProperty({ example: true })
  received: boolean;
}

export class OperatorDetails {
  @ApiProperty()
  name: string;

  @ApiProperty()
  address: string;

  @ApiProperty()
  phone: string;

  @ApiProperty()
  email: string;
}

export class PaymentSettingsResponse {
  @ApiProperty({ description: 'false: STRIPE_SECRET_KEY is not set; nothing can be bought or paid out.' })
  enabled: boolean;

  @ApiProperty()
  platform_fee_percent: number;

  @ApiProperty({ type: OperatorDetails, description: 'The seller, for the Specified Commercial Transactions Act notice (/Notations-SCTA).' })
  operator: OperatorDetails;
}

export class ConnectAccountState {
  @ApiProperty()
  shopId: string;

  @ApiProperty()
  charges_enabled: boolean;

  @ApiProperty()
  payouts_enabled: boolean;

  @ApiProperty()
  details_submitted: boolean;
}

export class SaleItem {
  @ApiProperty({ description: 'The Checkout Session id.' })
  id: string;

  @ApiProperty({ type: Number, nullable: true })
  pageId: number | null;

  @ApiProperty()
  title: string;

  @ApiProperty({ description: 'Yen paid by the buyer.' })
  gross: number;

  @ApiProperty({ description: "Stripe's fee (yen), taken from the platform's share." })
  stripe_fee: number;

  @ApiProperty({ description: "The platform's fee (yen): PLATFORM_FEE_PERCENT of the gross." })
  platform_fee: number;

  @ApiProperty({ description: 'Yen for the data owner: gross less the platform fee.' })
  net: number;

  @ApiProperty({ description: 'false: the platform holds the money until payouts are set up.' })
  transferred: boolean;

  @ApiProperty({ format: 'date-time' })
  paid_on: string;
}

export class MonthTotal {
  @ApiProperty({ example: '2026-11', description: 'Month in Japan time.' })
  month: string;

  @ApiProperty()
  sales: number;

  @ApiProperty()
  gross: number;

  @ApiProperty()
  stripe_fee: number;

  @ApiProperty()
  platform_fee: number;

  @ApiProperty()
  net: number;
}

export class EarningsResponse {
  @ApiProperty({ description: 'Whether payments are on at all.' })
  enabled: boolean;

  @ApiProperty()
  platform_fee_percent: number;

  @ApiProperty({ type: ConnectAccountState, nullable: true })
  account: ConnectAccountState | null;

  @ApiProperty({ type: [SaleItem], description: 'The newest 100 sales.' })
  sales: SaleItem[];

  @ApiProperty({ type: [MonthTotal], description: 'Totals per month, newest first (36 months).' })
  months: MonthTotal[];
}
