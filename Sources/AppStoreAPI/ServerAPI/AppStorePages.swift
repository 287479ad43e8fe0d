public import AppStoreModels

/// The pages of a paginated App Store Server API query, fetched one at a time as the sequence is
/// iterated: Get Transaction History and Get Refund History (by `revision`), Get Notification
/// History (by `paginationToken`).
///
/// Iteration ends after the page whose `hasMore` is not `true`. A page that says `hasMore` but
/// carries no token, or a token already used, ends iteration with `invalidResponse` instead of
/// looping; so does exceeding `maximumPages`. Any failed page throws its ``AppStoreAPIError``
/// (each page already had its retries); the pages before it were delivered.
public struct AppStorePages<Page: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Page
    public typealias Failure = AppStoreAPIError

    /// Fetches the page for a token (`nil`: the first page without a token).
    public typealias Fetch = @Sendable (_ token: String?) async throws(AppStoreAPIError) -> Page
    /// The token of the next page, or `nil` when `page` is the last.
    public typealias Continuation = @Sendable (_ page: Page) -> (hasMore: Bool, token: String?)

    private let endpoint: AppStoreServerEndpoint
    private let firstToken: String?
    private let maximumPages: Int
    private let fetch: Fetch
    private let continuation: Continuation

    /// A sequence starting at `firstToken` (`nil` for the very first page).
    public init(
        endpoint: AppStoreServerEndpoint,
        firstToken: String?,
        maximumPages: Int,
        fetch: @escaping Fetch,
        continuation: @escaping Continuation
    ) {
        self.endpoint = endpoint
        self.firstToken = firstToken
        self.maximumPages = Swift.max(1, maximumPages)
        self.fetch = fetch
        self.continuation = continuation
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(sequence: self, token: firstToken)
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        public typealias Element = Page
        public typealias Failure = AppStoreAPIError

        private let sequence: AppStorePages
        private var token: String?
        private var usedTokens: Set<String> = []
        private var pages = 0
        private var finished = false

        init(sequence: AppStorePages, token: String?) {
            self.sequence = sequence
            self.token = token
            if let token { usedTokens.insert(token) }
        }

        public mutating func next() async throws(AppStoreAPIError) -> Page? {
            try await next(isolation: nil)
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async throws(AppStoreAPIError) -> Page? {
            guard !finished else { return nil }
            guard pages < sequence.maximumPages else {
                finished = true
                throw AppStoreAPIError(
                    .invalidResponse, "More than \(sequence.maximumPages) pages; stopped.",
                    endpoint: sequence.endpoint.rawValue)
            }
            let page: Page
            do throws(AppStoreAPIError) {
                page = try await sequence.fetch(token)
            } catch {
                finished = true
                throw error
            }
            pages += 1
            let next = sequence.continuation(page)
            guard next.hasMore else {
                finished = true
                return page
            }
            guard let nextToken = next.token, !nextToken.isEmpty, !usedTokens.contains(nextToken) else {
                finished = true
                throw AppStoreAPIError(
                    .invalidResponse, "Apple said hasMore but gave no new pagination token after page \(pages).",
                    endpoint: sequence.endpoint.rawValue)
            }
            usedTokens.insert(nextToken)
            token = nextToken
            return page
        }
    }
}
