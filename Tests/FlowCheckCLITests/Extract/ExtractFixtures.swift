/// Small Swift sources of our own, one app per runtime, each exercising the patterns
/// `flowcheck extract` reads: the library's navigation calls, children, taps (delegate
/// methods, closures, responder-chain messages), conditions and async work.
enum ExtractFixtures {
  /// radianttap/Coordinator: a NavigationCoordinator in the window that shows, presents,
  /// starts a child in a new navigation controller (or calls a method of the child already
  /// started, then returns), handles a message a screen sends up the responder chain,
  /// presents an alert with UIKit, is called directly by a screen's IBAction, and does async
  /// work; the child finishes through its parent.
  static let radianttap: [String: String] = [
    "AppCoordinator.swift": """
    import Coordinator
    import UIKit

    final class AppCoordinator: NavigationCoordinator {
      var loggedIn = false

      override func start(with completion: @escaping () -> Void = {}) {
        super.start(with: completion)
        let home = HomeViewController()
        root(home)
      }

      override func openCart(sender: Any?) {
        if let existing = childCoordinators["CartCoordinator"] as? CartCoordinator {
          existing.display()
          return
        }
        let cart = CartCoordinator(rootViewController: UINavigationController())
        startChild(coordinator: cart)
        present(cart.rootViewController)
      }

      func closeDetail() {
        pop()
      }

      override func showDetail(sender: Any?) {
        if loggedIn {
          show(DetailViewController())
        } else {
          present(LoginViewController())
        }
        rootViewController.present(UIAlertController(), animated: true)
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
          self.pop()
        }
      }
    }
    """,
    "CartCoordinator.swift": """
    import Coordinator
    import UIKit

    final class CartCoordinator: NavigationCoordinator {
      override func start(with completion: @escaping () -> Void = {}) {
        super.start(with: completion)
        root(CartViewController())
      }

      func display() {
        root(CartViewController())
      }

      override func closeCart(sender: Any?) {
        Task {
          dismiss()
          parent?.coordinatorDidFinish(self)
        }
      }
    }
    """,
    "Screens.swift": """
    import UIKit

    final class HomeViewController: UIViewController {
      @IBAction func cart(_ sender: Any) { coordinatingResponder?.openCart(sender: self) }
      @IBAction func detail(_ sender: Any) { coordinatingResponder?.showDetail(sender: self) }
    }
    final class CartViewController: UIViewController {
      @IBAction func close(_ sender: Any) { coordinatingResponder?.closeCart(sender: self) }
    }
    final class DetailViewController: UIViewController {
      weak var coordinator: AppCoordinator?
      @IBAction func done(_ sender: Any) { coordinator?.closeDetail() }
    }
    final class LoginViewController: UIViewController {}
    """,
    "SceneDelegate.swift": """
    import UIKit

    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
      var coordinator: AppCoordinator?
      func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
        coordinator = AppCoordinator(rootViewController: UINavigationController())
        coordinator?.start()
      }
    }
    """,
  ]

  /// The RayPets pattern: a `Coordinator` protocol of the app's own with a router, delegate
  /// methods of the screens (one switching over its parameter), `presentChild` with an
  /// `onDismissed` closure, `router.present` and `router.dismiss`.
  static let router: [String: String] = [
    "Coordinator.swift": """
    import UIKit

    public protocol Coordinator: AnyObject {
      var children: [Coordinator] { get set }
      var router: Router { get }
      func present(animated: Bool, onDismissed: (() -> Void)?)
    }
    public protocol Router: AnyObject {
      func present(_ viewController: UIViewController, animated: Bool, onDismissed: (() -> Void)?)
      func dismiss(animated: Bool)
    }
    """,
    "HomeCoordinator.swift": """
    import UIKit

    final class HomeCoordinator: Coordinator {
      var children: [Coordinator] = []
      let router: Router
      init(router: Router) { self.router = router }

      func present(animated: Bool, onDismissed: (() -> Void)?) {
        let viewController = HomeViewController.instantiate(delegate: self)
        router.present(viewController, animated: animated, onDismissed: onDismissed)
      }
    }

    extension HomeCoordinator: HomeViewControllerDelegate {
      func homeViewControllerDidPressBook(_ viewController: HomeViewController) {
        let router = ModalNavigationRouter(parentViewController: viewController)
        let coordinator = BookingCoordinator(router: router)
        presentChild(coordinator, animated: true, onDismissed: {
          print("booked")
        })
      }
    }
    """,
    "BookingCoordinator.swift": """
    import UIKit

    final class BookingCoordinator: Coordinator {
      var children: [Coordinator] = []
      let router: Router
      init(router: Router) { self.router = router }

      func present(animated: Bool, onDismissed: (() -> Void)?) {
        router.present(SelectKindViewController(), animated: animated, onDismissed: onDismissed)
      }
    }

    extension BookingCoordinator: SelectKindViewControllerDelegate {
      func selectKindViewController(_ controller: SelectKindViewController, didSelect kind: Kind) {
        switch kind {
        case .quick: showConfirm()
        case .slow, .later: router.dismiss(animated: true)
        }
      }

      private func showConfirm() {
        router.present(ConfirmViewController(), animated: true)
      }
    }
    """,
    "SceneDelegate.swift": """
    import UIKit

    final class SceneDelegate: UIResponder {
      lazy var router = AppDelegateRouter(window: window!)
      lazy var coordinator = HomeCoordinator(router: router)
    }
    """,
  ]

  /// JLCoordinator: a coordinator made with an `InitialNavigationPresenter` in the scene
  /// delegate, a child made with a `ModalPresenter` from a delegate method, the presenter's
  /// overrides, `stop`, `dismissRoot`.
  static let presenter: [String: String] = [
    "MainCoordinator.swift": """
    import JLCoordinator
    import UIKit

    final class MainCoordinator: Coordinator {
      private let home = HomeViewController()

      override func start() {
        home.delegate = self
        presenter.present(home, animated: true)
      }
    }

    extension MainCoordinator: HomeViewControllerDelegate {
      func didTriggerSheetButton(in viewController: HomeViewController) {
        let sheet = SheetCoordinator(presenter: ModalPresenter(presentingViewController: viewController))
        add(childCoordinator: sheet)
        sheet.start()
      }
    }
    """,
    "SheetCoordinator.swift": """
    import JLCoordinator
    import UIKit

    final class SheetCoordinator: Coordinator {
      private let sheet = SheetViewController()

      override func start() {
        presenter.present(sheet, animated: true)
      }

      override func presenter(_ presenter: Presenter, didDismiss viewController: UIViewController) {
        guard viewController === sheet else { return }
        stop()
      }
    }

    extension SheetCoordinator: SheetViewControllerDelegate {
      func didTriggerCloseRootButton(in viewController: SheetViewController) {
        presenter.dismissRoot(animated: true)
      }
    }
    """,
    "SceneDelegate.swift": """
    import JLCoordinator
    import UIKit

    final class SceneDelegate: UIResponder {
      var main: Coordinator?
      func connect(window: UIWindow) {
        main = MainCoordinator(presenter: InitialNavigationPresenter(window: window))
        main?.start()
      }
    }
    """,
  ]

  /// Insecurity: a WindowCoordinator, a NavigationCoordinator whose screen's closures start
  /// a ModalCoordinator with a result, the completion switching over it.
  static let insecurity: [String: String] = [
    "AppCoordinator.swift": """
    import Insecurity
    import UIKit

    final class AppCoordinator: WindowCoordinator {
      func start() {
        navigation.start(UINavigationController(), CartCoordinator(), animated: false) { _ in }
      }
    }
    """,
    "CartCoordinator.swift": """
    import Insecurity
    import UIKit

    final class CartCoordinator: NavigationCoordinator<Void> {
      override var viewController: UIViewController {
        let cart = CartViewController()
        cart.onPay = { [self] in
          navigation.start(PaymentCoordinator(), animated: true) { result in
            switch result {
            case .paid: finish(())
            case nil: break
            }
          }
        }
        return cart
      }
    }
    """,
    "PaymentCoordinator.swift": """
    import Insecurity
    import UIKit

    enum PaymentResult {
      case paid
      case declined
    }

    final class PaymentCoordinator: ModalCoordinator<PaymentResult> {
      override var viewController: UIViewController {
        let payment = PaymentViewController()
        payment.onApprove = { [weak self] in self?.finish(.paid) }
        payment.onCancel = { [weak self] in self?.dismiss() }
        return payment
      }
    }
    """,
    "Screens.swift": """
    import UIKit

    final class CartViewController: UIViewController { var onPay: (() -> Void)? }
    final class PaymentViewController: UIViewController {
      var onApprove: (() -> Void)?
      var onCancel: (() -> Void)?
    }
    """,
  ]
}
