public import AppStoreModels

/// A paid period's price as monthly recurring revenue: the price normalised to one month by the
/// period it pays for. Pure.
///
/// - Weeks and days by the year: a week is 52/12 of a month per week's price, a day 365/12.
/// - Months and years by the month: 2 months /2, a quarter /3, half a year /6, a year /12.
/// - A monthly billing of a 12-month commitment pays for one month (its product's duration is
///   the commitment, not the billing).
/// - A pay-up-front offer pays for the whole offer period; a pay-as-you-go offer pays each
///   billing period of the product at the offer's price.
/// - Amounts are milliunits, rounded half up per period.
public enum MonthlyPrice {
    /// `amount` billed every `period`, per month; nil for an empty period.
    public static func normalised(_ amount: Int64, per period: Period) -> Int64? {
        let months = period.years * 12 + period.months
        let days = period.weeks * 7 + period.days
        if days == 0 {
            guard months > 0 else { return nil }
            return rounded(amount, over: Int64(months))
        }
        guard months == 0 else {
            // A mixed period (never offered by App Store Connect): its length in days.
            return rounded(amount * 365, over: Int64(12 * (days + months * 365 / 12)))
        }
        if period.days == 0 { return rounded(amount * 52, over: Int64(12 * period.weeks)) }
        return rounded(amount * 365, over: Int64(12 * days))
    }

    /// The period `period` bills for, as the rules above say; nil when nothing says (the product
    /// is not in the catalog and the period has no expiry).
    public static func billingPeriod(of period: PaidPeriod, productDuration: Period?) -> Period? {
        if period.isBilledUnderCommitment { return Period(months: 1) }
        if let offer = period.offer, offer.discountType == .payUpFront, let text = offer.period, let offerPeriod = Period(iso8601: text) {
            return offerPeriod
        }
        if let productDuration { return productDuration }
        guard let expires = period.expiresDate, expires > period.purchaseDate else { return nil }
        let days = Int((expires.millisecondsSince1970 - period.purchaseDate.millisecondsSince1970 + 43_200_000) / 86_400_000)
        return Period(days: max(1, days))
    }

    private static func rounded(_ numerator: Int64, over denominator: Int64) -> Int64 {
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        return remainder * 2 >= denominator ? quotient + 1 : quotient
    }
}

/// Calendar months from an instant, in UTC, as App Store billing counts them: one month after
/// January 31 is the last day of February. Pure arithmetic (no `Calendar`), as a rebuild and the
/// benchmark's seeding call it millions of times.
public enum FigureMonths {
    /// `instant` moved `months` calendar months later, the day clamped to the month's length.
    public static func adding(_ months: Int, to instant: Timestamp) -> Timestamp {
        let day = FigureDay(containing: instant)
        let (year, month, dayOfMonth) = day.civil
        let index = year * 12 + (month - 1) + months
        let targetYear = index / 12
        let targetMonth = index % 12 + 1
        var clamped = dayOfMonth
        var target = FigureDay(year: targetYear, month: targetMonth, day: clamped)
        while target == nil, clamped > 28 {
            clamped -= 1
            target = FigureDay(year: targetYear, month: targetMonth, day: clamped)
        }
        guard let target else { return instant }
        let offset = instant.millisecondsSince1970 - day.start.millisecondsSince1970
        return Timestamp(millisecondsSince1970: target.start.millisecondsSince1970 + offset)
    }

    /// Whole calendar months from the first day of `from`'s month to the first day of `to`'s.
    public static func between(_ from: FigureDay, _ to: FigureDay) -> Int {
        let (fromYear, fromMonth, _) = from.civil
        let (toYear, toMonth, _) = to.civil
        return (toYear - fromYear) * 12 + (toMonth - fromMonth)
    }

    /// The first day of the month `months` after `month`'s.
    public static func month(_ months: Int, after month: FigureDay) -> FigureDay {
        FigureDay(containing: adding(months, to: month.monthStart.start)).monthStart
    }
}
