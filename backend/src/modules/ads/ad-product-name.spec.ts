import { adProductName } from './ad-product-name';

describe("the ad checkout's line item", () => {
  it("speaks the advertiser's language", () => {
    expect(adProductName({ id: 1, type: 1, target: 3000 }, 'ja')).toBe('広告 #1：クリック 3,000回');
    expect(adProductName({ id: 2, type: 0, target: 10000 }, 'ja')).toBe('広告 #2：表示 10,000回');
    expect(adProductName({ id: 1, type: 1, target: 3000 }, 'en')).toBe('Ad #1: 3,000 clicks');
    expect(adProductName({ id: 3, type: 0, target: 500 }, null)).toBe('Ad #3: 500 views');
  });
});
