import { openShare, popupFeatures, SHARE_NETWORKS, shareUrl } from './share-links';

describe('share links (spec 5 and 9)', () => {
  it('builds each network’s URL with the link encoded', () => {
    for (const network of SHARE_NETWORKS)
      expect(shareUrl(network, 'https://r.test/shared/designs/abc?x=1', 'My room')).toContain(
        encodeURIComponent('https://r.test/shared/designs/abc?x=1'),
      );
    expect(shareUrl('twitter', 'https://r.test/a', 'Hi there')).toBe(
      'https://twitter.com/intent/tweet?url=https%3A%2F%2Fr.test%2Fa&text=Hi%20there',
    );
  });

  it('raises "Network X does not exist" for an unknown network', () => {
    expect(() => shareUrl('myspace', 'https://r.test')).toThrow('Network myspace does not exist');
  });

  it('opens a 500x500 popup', () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    openShare('facebook', 'https://r.test/a');
    expect(open).toHaveBeenCalledWith(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fr.test%2Fa',
      'share-facebook',
      expect.stringMatching(/^width=500,height=500,/),
    );
    expect(popupFeatures({ screenX: 0, screenY: 0, outerWidth: 1500, outerHeight: 1000 })).toMatch(/left=500,top=250/);
    open.mockRestore();
  });
});
