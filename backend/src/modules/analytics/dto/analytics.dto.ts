import { ApiProperty } from '@nestjs/swagger';

export class AnalyticsBook {
  @ApiProperty()
  id: number;

  @ApiProperty()
  title: string;
}

export class AnalyticsViewDay {
  @ApiProperty({ description: "'YYYY-MM-DD' (the server's date)." })
  day: string;

  @ApiProperty({ description: 'Views of all the Books that day (a viewer counts once per Book and day).' })
  views: number;
}

export class AnalyticsFollowers {
  @ApiProperty()
  male: number;

  @ApiProperty()
  female: number;

  @ApiProperty()
  other: number;

  @ApiProperty({ description: 'No answer, or the profile has no sex set.' })
  unanswered: number;
}

export class AnalyticsPostMonth {
  @ApiProperty({ description: "'YYYY-MM' (UTC)." })
  month: string;

  @ApiProperty({ description: 'Public posts about the Books that month (reposts and circle posts not counted).' })
  posts: number;

  @ApiProperty({ description: 'Reviews among them (posts with a rating).' })
  reviews: number;

  @ApiProperty({ type: Number, nullable: true, description: 'Average rating (5-100) of those reviews; null without reviews.' })
  rating: number | null;
}

export class AnalyticsSalesMonth {
  @ApiProperty({ description: "'YYYY-MM' (UTC)." })
  month: string;

  @ApiProperty({ description: 'Sales in yen.' })
  amount: number;

  @ApiProperty({ description: 'Books sold.' })
  count: number;
}

export class AnalyticsSales {
  @ApiProperty({
    description: 'False where payments are off (no STRIPE_SECRET_KEY): the series is then empty. Otherwise every month of the last 12, oldest first.',
  })
  available: boolean;

  @ApiProperty({ type: [AnalyticsSalesMonth] })
  series: AnalyticsSalesMonth[];
}

export class AnalyticsResponse {
  @ApiProperty({ description: 'Books the caller owns or contributed a data file to.' })
  book_count: number;

  @ApiProperty({ type: [AnalyticsBook], description: 'The newest 100 of them.' })
  books: AnalyticsBook[];

  @ApiProperty({ type: [AnalyticsViewDay], description: 'Views per day over the last 30 days, oldest first, every day present.' })
  views: AnalyticsViewDay[];

  @ApiProperty({ type: AnalyticsFollowers, description: 'People following at least one of the Books, by the sex on their profile.' })
  followers_by_sex: AnalyticsFollowers;

  @ApiProperty({ type: [AnalyticsPostMonth], description: 'Posts and average rating per month over the last 12 months, oldest first, every month present.' })
  posts: AnalyticsPostMonth[];

  @ApiProperty({ type: AnalyticsSales })
  sales: AnalyticsSales;
}
