/**
 * VideoRepository.listingMedia: each listing's spot, spot video and walkthrough with its videos, as JSON, in one
 * statement. $1..$4 are parallel arrays: listing ids, stored spot ids, stored spot video ids, stored walkthrough ids.
 */
export const LISTING_MEDIA_SQL = `
  SELECT r.listing_id,
         CASE WHEN s.id IS NOT NULL THEN json_build_object(
           'slug', s.slug,
           'video', CASE WHEN s.video_id IS NOT NULL THEN json_build_object(
             'playback_id', (SELECT v.playback_id FROM videos v WHERE v.id = s.video_id AND v.status = 'ready')) END)
         END AS spot,
         CASE WHEN COALESCE(r.spot_video_id, s.video_id) IS NOT NULL THEN json_build_object(
           'id', COALESCE(r.spot_video_id, s.video_id),
           'playback_id', (SELECT v.playback_id FROM videos v
                           WHERE v.id = COALESCE(r.spot_video_id, s.video_id) AND v.status = 'ready'))
         END AS spot_video,
         CASE WHEN w.id IS NOT NULL THEN json_build_object(
           'slug', w.slug,
           'videos', COALESCE((SELECT json_agg(json_build_object(
                                 'slug', v.slug, 'playback_id', CASE WHEN v.status = 'ready' THEN v.playback_id END)
                               ORDER BY v.position)
                               FROM videos v WHERE v.walkthrough_id = w.id), '[]'::json))
         END AS walkthrough
  FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[]) AS r(listing_id, spot_id, spot_video_id, walkthrough_id)
  LEFT JOIN LATERAL (
    SELECT x.id, x.slug, x.video_id FROM (
      (SELECT sp.id, sp.slug, sp.video_id, 0 AS rank, sp.published, sp.created_at FROM spots sp WHERE sp.id = r.spot_id)
      UNION ALL
      (SELECT sp.id, sp.slug, sp.video_id, 1, sp.published, sp.created_at FROM spots sp
       WHERE sp.listing_id = r.listing_id ORDER BY sp.published DESC, sp.created_at DESC LIMIT 1)
    ) x ORDER BY x.rank LIMIT 1
  ) s ON true
  LEFT JOIN LATERAL (
    SELECT x.id, x.slug FROM (
      (SELECT wt.id, wt.slug, 0 AS rank FROM walkthroughs wt WHERE wt.id = r.walkthrough_id)
      UNION ALL
      (SELECT wt.id, wt.slug, 1 FROM walkthroughs wt WHERE wt.listing_id = r.listing_id ORDER BY wt.created_at DESC LIMIT 1)
    ) x ORDER BY x.rank LIMIT 1
  ) w ON true`;
