/** Deployment facts the server hands the web app in each page (`<script id="app-config">`). */
export interface PublicAppConfig {
  productName: string;
  supportPhone: string;
  supportEmail: string;
  paymentProvider: 'razorpay' | 'test';
  razorpayKeyId: string | null;
  googleEnabled: boolean;
}
